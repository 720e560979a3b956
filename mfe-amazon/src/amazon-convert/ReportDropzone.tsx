import { Dropzone, type FileWithPath, Group, Stack, Text } from '@labeldesk/ui';
import type { ComponentProps, InputHTMLAttributes } from 'react';
import { reportFileError } from './converter';

type Rejections = Parameters<NonNullable<ComponentProps<typeof Dropzone>['onReject']>>[0];

const inputProps = {
  'aria-label': 'Amazon orders file (.txt)',
  'data-testid': 'amazon-file-input',
} as InputHTMLAttributes<HTMLInputElement>;

/** Drop (or pick) the Amazon unshipped-orders report; only .txt files get through (SPEC §5). */
export function ReportDropzone({
  busy,
  fileName,
  onFile,
  onReject,
}: {
  busy: boolean;
  fileName: string | null;
  onFile: (file: FileWithPath) => void;
  onReject: (rejections: Rejections) => void;
}) {
  return (
    <Dropzone
      onDrop={(files) => {
        const [file] = files;
        if (file) onFile(file);
      }}
      onReject={onReject}
      accept={{ 'text/plain': ['.txt'] }}
      validator={reportFileError}
      multiple={false}
      maxFiles={1}
      loading={busy}
      inputProps={inputProps}
      data-testid="amazon-dropzone"
    >
      <Group justify="center" mih={110} style={{ pointerEvents: 'none' }}>
        <Stack gap={4} align="center">
          <Dropzone.Accept>
            <Text fw={600}>Drop the report to upload it</Text>
          </Dropzone.Accept>
          <Dropzone.Reject>
            <Text fw={600} c="red">
              Only .txt files are accepted
            </Text>
          </Dropzone.Reject>
          <Dropzone.Idle>
            <Text fw={600}>Drag your Amazon orders file here or click to select it</Text>
          </Dropzone.Idle>
          <Text size="sm" c="dimmed">
            {fileName ? `Current file: ${fileName}` : 'Accepts the .txt report downloaded from Amazon Seller Central'}
          </Text>
        </Stack>
      </Group>
    </Dropzone>
  );
}

export type { Rejections as DropzoneRejections };
