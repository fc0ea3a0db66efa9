import { Button, Card, ColorInput, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSelf } from '../../../client/lib/self.ts';
import { errorText, FormError } from '../../../client/ui/FormError.tsx';
import { PhotoInput } from '../../../client/ui/PhotoInput.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { showSuccess } from '../../../client/ui/toast.ts';
import { LOGO_MAX_BYTES } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { adminMessages } from '../admin.messages.ts';
import { COLOUR_KEYS, type ColourKey, type GeneralSettings } from '../admin.schemas.ts';
import { useGeneralSettings, useSaveGeneralSettings, useSaveLogo } from './admin.queries.ts';
import { contrastWarnings } from './brand.ts';

type Values = Record<ColourKey, string>;
const HEX = /^#[0-9a-f]{6}$/i;

const valuesOf = (settings: GeneralSettings): Values =>
  Object.fromEntries(COLOUR_KEYS.map((key) => [key, settings[key] ?? ''])) as Values;

const ColourFields = ({ keys, form }: { keys: readonly ColourKey[]; form: ColourForm }) => {
  const values = form.getValues();
  // Warnings follow the colours being chosen, before anything is saved.
  const warnings = contrastWarnings(
    Object.fromEntries(COLOUR_KEYS.map((key) => [key, HEX.test(values[key]) ? values[key] : null])) as Record<
      ColourKey,
      string | null
    >,
  );
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      {keys.map((key) => (
        <ColorInput
          key={form.key(key)}
          label={adminMessages.colourLabel(key)}
          placeholder={adminMessages.colourDefault}
          format="hex"
          withEyeDropper={false}
          // A word such as "teal" stays in the field and is refused there, not silently dropped on blur.
          fixOnBlur={false}
          popoverProps={{ withinPortal: true }}
          description={warnings[key]}
          descriptionProps={warnings[key] ? { c: 'orange.9', role: 'status' } : undefined}
          {...form.getInputProps(key)}
        />
      ))}
    </SimpleGrid>
  );
};

const useColourForm = (settings: GeneralSettings) =>
  useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(settings),
    validate: Object.fromEntries(
      COLOUR_KEYS.map((key) => [
        key,
        (value: string) => (value === '' || HEX.test(value) ? null : messages.colourFormat),
      ]),
    ),
  });
type ColourForm = ReturnType<typeof useColourForm>;

const SettingsForm = ({ settings }: { settings: GeneralSettings }) => {
  const save = useSaveGeneralSettings();
  const form = useColourForm(settings);
  const submit = form.onSubmit((values) =>
    save.mutate(Object.fromEntries(COLOUR_KEYS.map((key) => [key, values[key].trim() || null])), {
      onSuccess: (saved) => {
        form.setValues(valuesOf(saved));
        form.resetDirty(valuesOf(saved));
        showSuccess(messages.settingsSaved);
      },
    }),
  );
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Title order={3} size="h5">
          {adminMessages.primaryColours}
        </Title>
        <ColourFields keys={COLOUR_KEYS.slice(0, 4)} form={form} />
        <Title order={3} size="h5">
          {adminMessages.secondaryColours}
        </Title>
        <ColourFields keys={COLOUR_KEYS.slice(4)} form={form} />
        <FormError message={save.error ? errorText(save.error) : null} />
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => form.setValues(Object.fromEntries(COLOUR_KEYS.map((key) => [key, ''])) as Values)}
          >
            {adminMessages.resetColours}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {messages.saveButton}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** General settings: the logo and the eight colours, saved for every member of the workspace. */
export const GeneralSettingsSection = () => {
  const workspace = useSelf().data?.tenant ?? null;
  const settings = useGeneralSettings(workspace?.id ?? null);
  const saveLogo = useSaveLogo();
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {adminMessages.generalSettings}
          </Title>
          <Text size="sm" c="dimmed">
            {adminMessages.generalSettingsIntro}
          </Text>
        </div>
        {settings.isPending ? (
          <SectionLoading />
        ) : settings.isError ? (
          <SectionError
            title={messages.somethingWentWrong}
            error={settings.error}
            onRetry={() => void settings.refetch()}
            retrying={settings.isFetching}
          />
        ) : (
          <>
            <Stack gap={4}>
              <PhotoInput
                name={workspace?.name ?? ''}
                image={settings.data.iconLogo}
                maxBytes={LOGO_MAX_BYTES}
                tooLargeMessage={adminMessages.logoTooLarge}
                label={adminMessages.logoLabel}
                alt={messages.workspaceLogo(workspace?.name ?? '')}
                chooseLabel={adminMessages.logoUpload}
                removeLabel={adminMessages.logoRemove}
                upload={async (file) => {
                  const saved = await saveLogo.mutateAsync(file);
                  showSuccess(messages.settingsSaved);
                  return saved.iconLogo;
                }}
                remove={async () => {
                  await saveLogo.mutateAsync(null);
                  showSuccess(adminMessages.logoRemoved);
                }}
              />
              <Text size="xs" c="dimmed">
                {adminMessages.logoHint}
              </Text>
            </Stack>
            <SettingsForm settings={settings.data} />
          </>
        )}
      </Stack>
    </Card>
  );
};
