import '@mantine/core/styles/Radio.layer.css';
import { Group, Radio, type RadioGroupProps } from '@mantine/core';

/**
 * A Yes/No question as two radio buttons; name, value, change and error come from `f.field(name)`.
 * Nothing is chosen until the member chooses: the old site's selects started on "Yes", which put answers
 * in people's mouths.
 */
export function YesNoField(props: Omit<RadioGroupProps, 'children'>) {
  return (
    <Radio.Group {...props}>
      <Group gap="xl" mt={6}>
        <Radio value="Yes" label="Yes" />
        <Radio value="No" label="No" />
      </Group>
    </Radio.Group>
  );
}
