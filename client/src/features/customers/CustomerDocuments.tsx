import { SkeletonRows } from '../../shared/SkeletonRows';
import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Divider,
  FileInput,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconFileText, IconPaperclip, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../app/api';
import { MOBILE_QUERY } from '../../app/theme';
import { confirmDelete } from '../../shared/confirmDelete';
import { notifyError, notifySuccess } from '../../shared/notify';
import { TablePager, useStayOnAPage } from '../../shared/TablePager';
import { QueryError } from '../../shared/QueryError';
import { ServerErrorAlert } from '../../shared/ServerErrorAlert';
import { dateTimeLabel } from '../timers/timers';
import {
  ACCEPTED_DOCUMENTS,
  ACCEPTED_DOCUMENTS_HINT,
  documentProblem,
  fileSizeLabel,
  type Attachment,
} from './customers';
import { useAttachments, useDeleteAttachment, useUploadAttachment } from './customersApi';
import { ATTACHMENTS_PAGE_SIZE } from '../../../../src/shared/paging';

/** Attached Documents (spec §2): upload, download and delete a customer's files, newest first, 10 a page. */
export function CustomerDocuments({ customerId, zone }: { customerId: string; zone: string }) {
  const [page, setPage] = useState(1);
  const documents = useAttachments(customerId, page);
  const remove = useDeleteAttachment();
  const [uploading, setUploading] = useState(false);
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const rows = documents.data?.resultItems;
  const total = documents.data?.totalRecords ?? 0;
  useStayOnAPage(rows, total, page, ATTACHMENTS_PAGE_SIZE, setPage);

  function askDelete(attachment: Attachment) {
    confirmDelete({
      title: 'Delete document',
      message: `Delete ${attachment.name}?`,
      onConfirm: () =>
        remove.mutate(attachment, {
          onSuccess: () => notifySuccess('Attachment was deleted'),
          onError: (error) => notifyError(errorMessage(error)),
        }),
    });
  }

  const actions = (a: Attachment) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="Download">
        <ActionIcon
          component="a"
          href={a.url}
          download={a.fileName}
          variant="subtle"
          color="navy"
          aria-label={`Download ${a.name}`}
        >
          <IconDownload size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${a.name}`} onClick={() => askDelete(a)}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );

  return (
    <Paper withBorder shadow="xs" style={{ overflow: 'hidden' }} component="section" aria-labelledby="documents-title">
      <Group justify="space-between" px={{ base: 'md', xs: 'lg' }} py="md">
        <div>
          <Title order={3} fz={16} c="navy.8" id="documents-title">
            Attached Documents
          </Title>
          <Text size="sm" c="dimmed">
            {ACCEPTED_DOCUMENTS_HINT}.
          </Text>
        </div>
        <Button variant="light" leftSection={<IconUpload size={16} />} onClick={() => setUploading(true)}>
          Upload
        </Button>
      </Group>
      <Divider color="var(--app-border)" />
      {documents.isError ? (
        <Box p="md">
          <QueryError error={documents.error} onRetry={() => void documents.refetch()} />
        </Box>
      ) : rows && rows.length === 0 ? (
        <Stack align="center" gap={4} py="xl" px="md">
          <IconPaperclip size={24} color="var(--mantine-color-gray-6)" aria-hidden />
          <Text fw={600} c="navy.8">
            No results found
          </Text>
          <Text size="sm" c="dimmed">
            Contracts, photos and quotes you upload appear here.
          </Text>
        </Stack>
      ) : mobile ? (
        <Stack component="ul" gap={0} p={0} m={0} aria-label="Documents" style={{ listStyle: 'none' }}>
          {(rows ?? []).map((a, index) => (
            <Group
              component="li"
              key={a.id}
              p="md"
              gap="sm"
              wrap="nowrap"
              aria-label={a.name}
              style={index ? { borderTop: '1px solid var(--app-border)' } : undefined}
            >
              <IconFileText size={20} color="var(--mantine-color-gray-6)" aria-hidden />
              <Box style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={600} c="navy.8" style={{ overflowWrap: 'anywhere' }}>
                  {a.name}
                </Text>
                <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                  {a.fileName} · {fileSizeLabel(a.size)}
                </Text>
                <Text size="xs" c="gray.7">
                  {dateTimeLabel(a.dateUploaded, zone)}
                </Text>
              </Box>
              {actions(a)}
            </Group>
          ))}
          {!rows && (
            <Box component="li" aria-busy="true">
              <Skeleton h={48} m="md" />
            </Box>
          )}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={640} type="native">
          <Table verticalSpacing="sm" horizontalSpacing="md" aria-labelledby="documents-title">
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>File name</Table.Th>
                <Table.Th>Date uploaded</Table.Th>
                <Table.Th w={90}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(rows ?? []).map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>
                    <Anchor href={a.url} download={a.fileName} size="sm" fw={600} c="navy.8">
                      {a.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{a.fileName}</Text>
                    <Text size="xs" c="gray.7">
                      {fileSizeLabel(a.size)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {dateTimeLabel(a.dateUploaded, zone)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{actions(a)}</Table.Td>
                </Table.Tr>
              ))}
              {!rows && <SkeletonRows rows={3} columns={4} />}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <TablePager page={page} pageSize={ATTACHMENTS_PAGE_SIZE} total={total} onPage={setPage} compact={mobile} />
      {uploading && <UploadDocumentModal customerId={customerId} onClose={() => setUploading(false)} />}
    </Paper>
  );
}

/** The name shown for a file: its name without the extension, as a starting point. */
function nameOf(file: File): string {
  const dot = file.name.lastIndexOf('.');
  return dot > 0 ? file.name.slice(0, dot) : file.name;
}

/** Upload: a file (checked for size here, for its content by the server) and the name it is listed by. */
function UploadDocumentModal({ customerId, onClose }: { customerId: string; onClose: () => void }) {
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const upload = useUploadAttachment(customerId);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [problems, setProblems] = useState<{ file?: string; name?: string }>({});

  function submit() {
    const found = {
      file: documentProblem(file) ?? undefined,
      name: name.trim() ? undefined : 'File name is required',
    };
    setProblems(found);
    if (found.file || found.name || !file) return;
    upload.mutate(
      { file, name },
      {
        onSuccess: () => {
          notifySuccess('Attachment has been created');
          onClose();
        },
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title="Upload a document" size={550} fullScreen={mobile}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <ServerErrorAlert error={upload.error} />
          <FileInput
            label="File"
            description={ACCEPTED_DOCUMENTS_HINT}
            placeholder="Choose a file"
            accept={ACCEPTED_DOCUMENTS}
            withAsterisk
            clearable
            value={file}
            error={problems.file}
            leftSection={<IconPaperclip size={16} />}
            onChange={(chosen) => {
              setFile(chosen);
              if (chosen && !name.trim()) setName(nameOf(chosen));
              setProblems((p) => ({ ...p, file: chosen ? (documentProblem(chosen) ?? undefined) : undefined }));
            }}
          />
          <TextInput
            label="File name"
            description="How the document is listed"
            withAsterisk
            value={name}
            error={problems.name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={200}
          />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={upload.isPending} leftSection={<IconUpload size={16} />}>
              Upload
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
