import { Group, Radio } from '@mantine/core';
import type { YesNo } from '../../shared/profile';

export type YesNoValue = YesNo | '';

type YesNoFieldProps = {
  name: string;
  label: string;
  description?: string;
  value: YesNoValue;
  onChange: (value: YesNoValue) => void;
  error?: string | undefined;
};

/**
 * A Yes/No question as two radio buttons. Nothing is chosen until the member chooses: the old site's
 * selects started on "Yes", which put answers in people's mouths.
 */
export function YesNoField({ name, label, description, value, onChange, error }: YesNoFieldProps) {
  return (
    <Radio.Group
      name={name}
      label={label}
      description={description}
      value={value}
      onChange={(v) => onChange(v === 'Yes' || v === 'No' ? v : '')}
      error={error}
    >
      <Group gap="xl" mt={6}>
        <Radio value="Yes" label="Yes" />
        <Radio value="No" label="No" />
      </Group>
    </Radio.Group>
  );
}
