import { Anchor, Avatar, Badge, Button, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '../../../client/lib/router/index.ts';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { ADMIN_FLAG, DIALOG_CLOSE_DELAY_MS } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { peopleMessages } from '../people.messages.ts';
import type { Contact } from '../people.schemas.ts';
import { dobToInput } from './dob.ts';
import { useContact, useGroups } from './people.queries.ts';
import type { DirectorySlots } from './people.slots.ts';

/** The Admin badge, and the deleted-user style's words for a disabled or deleted person. */
export const PersonBadges = ({ person }: { person: Pick<Contact, 'isAdmin' | 'disabled' | 'deleted'> }) => (
  <>
    {person.isAdmin === ADMIN_FLAG.yes && !person.deleted && (
      <Badge size="sm" variant="light" color="blue">
        {messages.adminBadge}
      </Badge>
    )}
    {person.deleted ? (
      <Badge size="sm" variant="outline" color="gray.7">
        {peopleMessages.deletedBadge}
      </Badge>
    ) : (
      person.disabled && (
        <Badge size="sm" variant="outline" color="gray.7">
          {peopleMessages.disabledBadge}
        </Badge>
      )
    )}
  </>
);

const Field = ({ label, value }: { label: string; value: string | null }) => (
  <Stack gap={0}>
    <Text size="xs" c="gray.7" fw={500}>
      {label}
    </Text>
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {value || peopleMessages.notSet}
    </Text>
  </Stack>
);

const Details = ({
  contact,
  canEdit,
  isAdmin,
  onEdit,
  seenInVault,
}: {
  contact: Contact;
  canEdit: boolean;
  isAdmin: boolean;
  onEdit: () => void;
  seenInVault: DirectorySlots['seenInVault'];
}) => {
  const groups = useGroups();
  const name = `${contact.firstName} ${contact.lastName}`;
  const groupNames = (groups.data?.groups ?? []).filter((g) => contact.groupIds.includes(g.id)).map((g) => g.name);
  return (
    <Stack gap="md">
      <Group gap="md" wrap="nowrap">
        <Avatar src={contact.image} name={name} color="initials" size={64} alt={messages.contactPhotoOf(name)} />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={2} size="h4" td={contact.deleted || contact.disabled ? 'line-through' : undefined}>
            {name}
          </Title>
          {contact.jobTitle && (
            <Text size="sm" c="gray.7" truncate>
              {contact.jobTitle}
            </Text>
          )}
          <Group gap={6}>
            <PersonBadges person={contact} />
          </Group>
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Field label={messages.email} value={contact.deleted ? null : contact.email} />
        <Field label={peopleMessages.timezone} value={contact.timezone} />
        <Field label={peopleMessages.phone} value={contact.phone} />
        <Field label={peopleMessages.alternativePhone} value={contact.alternativePhone} />
        <Field label={peopleMessages.address} value={contact.address} />
        <Field label={peopleMessages.alternativeAddress} value={contact.alternativeAddress} />
        <Field label={peopleMessages.dateOfBirth} value={dobToInput(contact.dob) || null} />
        <Field label={messages.slack} value={contact.slack} />
        <Field label={peopleMessages.groupsField} value={groupNames.join(', ') || null} />
      </SimpleGrid>
      {/* A departed person: what they saw in the vault, for an admin to rotate (decision 063). */}
      {isAdmin && (contact.disabled || contact.deleted) && seenInVault({ userId: contact.id })}
      <Group justify="space-between" className="cadence-dialog-footer">
        <Anchor component={Link} to={`/reports/users/${contact.id}`} size="sm">
          {peopleMessages.userReport}
        </Anchor>
        {canEdit && !contact.deleted && <Button onClick={onEdit}>{messages.editButton}</Button>}
      </Group>
    </Stack>
  );
};

/** A contact's detail view (document 3 §2), with a link to their user report and Edit for admins or themselves. */
export const ContactDetailsDialog = ({
  userId,
  isAdmin,
  selfId,
  onEdit,
  onClose,
  seenInVault,
}: {
  userId: string | null;
  isAdmin: boolean;
  selfId: string;
  onEdit: (contact: Contact) => void;
  onClose: () => void;
  seenInVault: DirectorySlots['seenInVault'];
}) => {
  const contact = useContact(userId);
  return (
    <Modal
      opened={userId !== null}
      onClose={onClose}
      title={peopleMessages.contactDetails}
      size="lg"
      centered
      transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
    >
      {contact.isPending ? (
        <SectionLoading />
      ) : contact.isError ? (
        <SectionError
          title={peopleMessages.contactLoadFailed}
          error={contact.error}
          onRetry={() => void contact.refetch()}
          retrying={contact.isFetching}
        />
      ) : (
        <Details
          contact={contact.data}
          canEdit={isAdmin || contact.data.id === selfId}
          isAdmin={isAdmin}
          onEdit={() => onEdit(contact.data)}
          seenInVault={seenInVault}
        />
      )}
    </Modal>
  );
};
