import { Skeleton, Table } from '@mantine/core';

/** A table's rows while its page loads. */
export function SkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return Array.from({ length: rows }, (_, row) => (
    <Table.Tr key={row}>
      {Array.from({ length: columns }, (_, cell) => (
        <Table.Td key={cell}>
          <Skeleton h={14} radius="sm" />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}
