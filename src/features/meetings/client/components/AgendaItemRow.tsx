import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconAlignLeft, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { RichTextEditor } from '../../../../client/ui/RichTextEditor.tsx';
import { useFieldErrors } from '../../../../client/ui/useFieldErrors.ts';
import { messages } from '../../../../shared/messages.ts';
import { meetingsMessages } from '../../meetings.messages.ts';
import type { AgendaItem, AgendaKey, AgendaTaskType } from '../../meetings.schemas.ts';
import { AGENDA_KEY_LABELS, AGENDA_TASK_TYPE_OPTIONS, CUSTOM_AGENDA_KEYS } from '../meetings.format.ts';
import { linkError } from '../meetings.links.ts';

// One agenda item of the agenda form, and the form's 'add a custom item' part (document 1 §2, §4):
// a rich-text description for any item (sanitized by the server), and for a custom item the
// connections Accountability Board / List, External URL and Meeting Board (a new board).

export const DEFAULT_MINUTES = 5;

export interface Draft {
  /** The item's id, or a temporary key for a new item. */
  key: string;
  id: string | null;
  title: string;
  keyName: AgendaKey;
  checked: boolean;
  duration: number | string;
  description: string | null;
  embedUrl: string | null;
  boardId: string | null;
  boardListId: string | null;
  agencyItemId: string | null;
  taskType: AgendaTaskType | null;
  /** "Meeting Board": the board to make, with this name, when the agenda is saved (decision 056). */
  newBoardName: string | null;
}

export const toDraft = (item: AgendaItem): Draft => ({ ...item, key: item.id, id: item.id, newBoardName: null });

let newKey = 0;

export type ItemErrors = Record<string, Partial<Record<'title' | 'duration' | 'embedUrl', string>>>;

export const ItemRow = ({
  item,
  onChange,
  onRemove,
  handle,
  errors,
  dragging = false,
  boardFields,
}: {
  boardFields?: (item: Draft, onChange: (patch: Partial<Draft>) => void) => React.ReactNode;
  item: Draft;
  onChange: (patch: Partial<Draft>) => void;
  onRemove?: () => void;
  handle: React.ReactNode;
  errors: ItemErrors[string] | undefined;
  dragging?: boolean;
}) => {
  const [describing, setDescribing] = useState(false);
  return (
    <Paper
      withBorder
      px="xs"
      py={6}
      radius="md"
      shadow={dragging ? 'md' : undefined}
      bg={dragging ? 'var(--mantine-color-body)' : undefined}
      data-agenda-item={item.title}
    >
      {/* The title takes the line; minutes and buttons follow it, or wrap under it on a phone.
          The kind badge has its own line: it never sits on the title (decision 056). */}
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Box pt={6}>{handle}</Box>
        <Checkbox
          mt={7}
          checked={item.checked}
          onChange={(event) => onChange({ checked: event.currentTarget.checked })}
          aria-label={meetingsMessages.includeItem(item.title)}
        />
        <Stack gap={4} flex={1} miw={0}>
          <Group gap="xs" wrap="wrap" align="flex-start">
            <TextInput
              size="sm"
              style={{ flex: '1 1 240px' }}
              miw={0}
              value={item.title}
              onChange={(event) => onChange({ title: event.currentTarget.value })}
              aria-label={meetingsMessages.titleOf(item.title)}
              error={errors?.title}
            />
            <Group gap="xs" wrap="nowrap" align="flex-start" ml="auto" style={{ flex: 'none' }}>
              <NumberInput
                size="sm"
                w={84}
                min={0}
                max={600}
                allowDecimal={false}
                allowNegative={false}
                value={item.duration}
                onChange={(value) => onChange({ duration: value })}
                aria-label={meetingsMessages.minutesOf(item.title)}
                rightSection={
                  <Text size="xs" c="dimmed" pr={6}>
                    min
                  </Text>
                }
                rightSectionWidth={34}
                hideControls
                error={errors?.duration}
              />
              <Tooltip label={meetingsMessages.agendaDescription} withArrow>
                <ActionIcon
                  mt={4}
                  variant={item.description ? 'light' : 'subtle'}
                  color="gray"
                  onClick={() => setDescribing((open) => !open)}
                  aria-label={meetingsMessages.agendaEditDescription(item.title)}
                  aria-expanded={describing}
                >
                  <IconAlignLeft size={16} />
                </ActionIcon>
              </Tooltip>
              {onRemove ? (
                <Tooltip label={meetingsMessages.removeItem(item.title)} withArrow>
                  <ActionIcon
                    mt={4}
                    variant="subtle"
                    color="red"
                    onClick={onRemove}
                    aria-label={meetingsMessages.removeItem(item.title)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              ) : (
                <Box w={28} style={{ flex: 'none' }} />
              )}
            </Group>
          </Group>
          <Group gap="xs" wrap="wrap" align="center">
            <Badge
              size="xs"
              variant="light"
              color={item.keyName === 'conclusion' ? 'grape' : 'gray'}
              maw="100%"
              data-testid="agenda-kind"
            >
              {AGENDA_KEY_LABELS[item.keyName]}
            </Badge>
            {item.keyName === 'to_do_list' && (
              <Select
                size="xs"
                aria-label={meetingsMessages.agendaTaskTypeOf(item.title)}
                data={AGENDA_TASK_TYPE_OPTIONS}
                value={item.taskType ?? '4'}
                onChange={(value) => value && onChange({ taskType: value as AgendaTaskType })}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                w={200}
                maw="100%"
              />
            )}
          </Group>
          {item.keyName === 'external_url' && (
            <TextInput
              size="xs"
              placeholder="https://"
              value={item.embedUrl ?? ''}
              onChange={(event) => onChange({ embedUrl: event.currentTarget.value })}
              aria-label={meetingsMessages.embedUrl}
              error={errors?.embedUrl}
            />
          )}
          {boardFields?.(item, onChange)}
        </Stack>
      </Group>
      {describing && (
        <Box mt={6} pl={36}>
          <RichTextEditor
            compact
            minHeight={60}
            label={meetingsMessages.agendaDescriptionOf(item.title)}
            value={item.description}
            onChange={(html) => onChange({ description: html || null })}
          />
        </Box>
      )}
    </Paper>
  );
};

/** A custom item's connection: an agenda kind, or a new Meeting Board (an accountability board step). */
type Connection = AgendaKey | 'meeting_board';
const CONNECTIONS = [
  ...CUSTOM_AGENDA_KEYS.map((key) => ({ value: key as Connection, label: AGENDA_KEY_LABELS[key] })),
  { value: 'meeting_board' as Connection, label: meetingsMessages.agendaKeyMeetingBoard },
];

export const AddCustomItem = ({ onAdd }: { onAdd: (item: Draft) => void }) => {
  const [title, setTitle] = useState('');
  const [connection, setConnection] = useState<Connection>('free_activity');
  const [embedUrl, setEmbedUrl] = useState('');
  const [boardName, setBoardName] = useState('');
  const [description, setDescription] = useState('');
  // The editor starts again empty after each item added.
  const [editorKey, setEditorKey] = useState(0);
  const [duration, setDuration] = useState<number | string>(DEFAULT_MINUTES);
  const [error, setError] = useFieldErrors({ title, embedUrl });
  const keyName: AgendaKey = connection === 'meeting_board' ? 'accountability_board' : connection;
  const add = () => {
    const problems: typeof error = {};
    if (!title.trim()) problems.title = messages.required;
    if (connection === 'external_url') {
      const problem = linkError(embedUrl);
      if (problem) problems.embedUrl = problem;
    }
    setError(problems);
    if (Object.keys(problems).length > 0) return;
    newKey += 1;
    onAdd({
      key: `new-${newKey}`,
      id: null,
      title: title.trim(),
      keyName,
      checked: true,
      duration: duration === '' ? DEFAULT_MINUTES : duration,
      description: description || null,
      embedUrl: keyName === 'external_url' ? embedUrl.trim() : null,
      boardId: null,
      boardListId: null,
      agencyItemId: null,
      taskType: keyName === 'to_do_list' ? '4' : null,
      // Made with the agenda, on Save: a cancelled form leaves no board behind.
      newBoardName: connection === 'meeting_board' ? boardName.trim() || title.trim() : null,
    });
    setTitle('');
    setEmbedUrl('');
    setBoardName('');
    setDescription('');
    setEditorKey((n) => n + 1);
    setDuration(DEFAULT_MINUTES);
  };
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      bg="var(--mantine-color-default-hover)"
      component="fieldset"
      style={{ border: 0 }}
    >
      <Text component="legend" size="sm" fw={600} mb={6} px={0}>
        {meetingsMessages.addCustomItem}
      </Text>
      <Group gap="xs" align="flex-start" wrap="wrap">
        <TextInput
          label={meetingsMessages.agendaItemTitle}
          size="sm"
          flex={2}
          miw={160}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          error={error.title}
        />
        <Select
          label={meetingsMessages.connectionType}
          size="sm"
          flex={1}
          miw={170}
          data={CONNECTIONS}
          value={connection}
          onChange={(value) => value && setConnection(value as Connection)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <NumberInput
          label={meetingsMessages.agendaMinutes}
          size="sm"
          w={92}
          min={0}
          max={600}
          allowDecimal={false}
          allowNegative={false}
          value={duration}
          onChange={setDuration}
        />
      </Group>
      {connection === 'external_url' && (
        <TextInput
          mt="xs"
          label={meetingsMessages.embedUrl}
          size="sm"
          placeholder="https://"
          value={embedUrl}
          onChange={(event) => setEmbedUrl(event.currentTarget.value)}
          error={error.embedUrl}
        />
      )}
      {connection === 'meeting_board' && (
        <TextInput
          mt="xs"
          label={meetingsMessages.agendaNewBoardName}
          size="sm"
          placeholder={title.trim() || undefined}
          value={boardName}
          onChange={(event) => setBoardName(event.currentTarget.value)}
          description={meetingsMessages.agendaNewBoardHint}
        />
      )}
      <Box mt="xs">
        <RichTextEditor
          key={editorKey}
          compact
          minHeight={50}
          label={meetingsMessages.agendaDescription}
          value={description}
          onChange={setDescription}
        />
      </Box>
      <Group justify="flex-end" mt="xs">
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={add}>
          {messages.addButton}
        </Button>
      </Group>
    </Paper>
  );
};
