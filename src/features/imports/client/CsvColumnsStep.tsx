import { Group, Radio, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { importsMessages as t } from '../imports.messages.ts';
import type { CsvColumns, CsvField, DATE_ORDERS } from '../imports.schemas.ts';

const NOT_IMPORTED = '';

export type ColumnMapping = Partial<Record<CsvField, string>>;
export type DateOrder = (typeof DATE_ORDERS)[number];

/** A header's first few values, for the hint under its Select. */
const samplesOf = (columns: CsvColumns, header: string | undefined) => {
  if (!header) return '';
  const at = columns.headers.indexOf(header);
  const values = columns.samples.map((row) => row[at] ?? '').filter(Boolean);
  return values.length > 0 ? t.columnSample(values.slice(0, 3).join(' · ')) : '';
};

/**
 * The mapping step of a generic CSV (decision 126): one Select per field the kind reads, with
 * the file's headers and "not imported"; the required ones cannot be left out. Dates ask how to
 * read 03/04 when the kind has a due date.
 */
export const CsvColumnsStep = ({
  columns,
  mapping,
  onMapping,
  dateOrder,
  onDateOrder,
  disabled,
}: {
  columns: CsvColumns;
  mapping: ColumnMapping;
  onMapping: (mapping: ColumnMapping) => void;
  dateOrder: DateOrder;
  onDateOrder: (order: DateOrder) => void;
  disabled: boolean;
}) => {
  const headers = [...new Set(columns.headers.filter(Boolean))];
  const hasDates = columns.fields.some((f) => f.field === 'dueDate');
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t.columnsTitle}
      </Title>
      <Text size="sm" c="dimmed">
        {t.columnsIntro}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {columns.fields.map(({ field, required }) => (
          <Select
            key={field}
            label={t.fieldNames[field] ?? field}
            required={required}
            data={[
              ...(required ? [] : [{ value: NOT_IMPORTED, label: t.columnNotImported }]),
              ...headers.map((header) => ({ value: header, label: header })),
            ]}
            value={mapping[field] ?? (required ? null : NOT_IMPORTED)}
            onChange={(value) => {
              const next = { ...mapping };
              if (value) next[field] = value;
              else delete next[field];
              onMapping(next);
            }}
            description={samplesOf(columns, mapping[field])}
            inputWrapperOrder={['label', 'input', 'description']}
            allowDeselect={false}
            disabled={disabled}
          />
        ))}
      </SimpleGrid>
      {hasDates && (
        <Radio.Group label={t.dateOrderLabel} value={dateOrder} onChange={(value) => onDateOrder(value as DateOrder)}>
          <Group gap="lg" mt={6}>
            <Radio value="auto" label={t.dateOrderAuto} disabled={disabled} />
            <Radio value="dmy" label={t.dateOrderDmy} disabled={disabled} />
            <Radio value="mdy" label={t.dateOrderMdy} disabled={disabled} />
          </Group>
        </Radio.Group>
      )}
    </Stack>
  );
};
