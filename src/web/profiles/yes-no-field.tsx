import '@mantine/core/styles/Radio.layer.css';
import { useLingui } from '@lingui/react';
import { Group, Radio, type RadioGroupProps } from '@mantine/core';

/**
 * A Yes/No question as two radio buttons; name, value, change and error come from `f.field(name)`.
 * Nothing is chosen until the member chooses: the old site's selects started on "Yes", which put answers
 * in people's mouths.
 */
export function YesNoField(props: Omit<RadioGroupProps, 'children'>) {
  const { i18n } = useLingui();
  return (
    <Radio.Group {...props}>
      <Group gap="xl" mt={6}>
        <Radio value="Yes" label={i18n._('Yes')} />
        <Radio value="No" label={i18n._('No')} />
      </Group>
    </Radio.Group>
  );
}
