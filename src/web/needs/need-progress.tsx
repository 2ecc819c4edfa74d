import '@mantine/core/styles/Progress.layer.css';
import { Progress, Text } from '@mantine/core';

/** "3 of 5 committed": the share of units committed, all items together. */
export function NeedProgress({ committed, total, label }: { committed: number; total: number; label: string }) {
  const percent = total === 0 ? 0 : Math.round((committed / total) * 100);
  return (
    <div>
      <Progress.Root size="md">
        <Progress.Section value={percent} color="teal.8" aria-label={label} aria-valuetext={`${committed} of ${total} committed`} />
      </Progress.Root>
      <Text size="sm" mt={4}>
        {committed} of {total} committed
      </Text>
    </div>
  );
}
