import { Group, Stack, Text } from '@mantine/core';
import { Dropzone, type DropzoneProps, type FileRejection, type FileWithPath } from '@mantine/dropzone';
import type { InputHTMLAttributes, ReactNode } from 'react';

export type FileDropzoneRejections = FileRejection[];

export interface FileDropzoneProps {
  /** MIME type → extensions the picker offers, e.g. `{ 'text/csv': ['.csv'] }`. */
  accept: Record<string, string[]>;
  /** An extra check of each file (its name, its size); a refusal goes to `onReject`. */
  validator?: DropzoneProps['validator'];
  /** The one file dropped or picked. */
  onFile: (file: FileWithPath) => void;
  onReject: (rejections: FileDropzoneRejections) => void;
  loading?: boolean;
  disabled?: boolean;
  /** The hidden file input's accessible name and test id (the e2e suite sets files through it). */
  inputLabel: string;
  inputTestId: string;
  testId: string;
  minHeight?: number;
  texts: { idle: string; accept: string; reject: string };
  /** The dimmed line under the texts: what to upload, or the file now loaded. */
  hint: ReactNode;
  hintTestId?: string;
}

/** Drop (or click to pick) one file: the Amazon report, a bulk-order CSV. What is refused goes to `onReject`. */
export function FileDropzone({
  accept,
  validator,
  onFile,
  onReject,
  loading,
  disabled,
  inputLabel,
  inputTestId,
  testId,
  minHeight = 90,
  texts,
  hint,
  hintTestId,
}: FileDropzoneProps) {
  const inputProps = { 'aria-label': inputLabel, 'data-testid': inputTestId } as InputHTMLAttributes<HTMLInputElement>;
  return (
    <Dropzone
      onDrop={(files) => {
        const [file] = files;
        if (file) onFile(file);
      }}
      onReject={onReject}
      accept={accept}
      validator={validator}
      multiple={false}
      maxFiles={1}
      loading={loading}
      disabled={disabled}
      inputProps={inputProps}
      data-testid={testId}
    >
      <Group justify="center" mih={minHeight} style={{ pointerEvents: 'none' }}>
        <Stack gap={4} align="center">
          <Dropzone.Accept>
            <Text fw={600}>{texts.accept}</Text>
          </Dropzone.Accept>
          <Dropzone.Reject>
            <Text fw={600} c="red">
              {texts.reject}
            </Text>
          </Dropzone.Reject>
          <Dropzone.Idle>
            <Text fw={600}>{texts.idle}</Text>
          </Dropzone.Idle>
          <Text size="sm" c="dimmed" data-testid={hintTestId}>
            {hint}
          </Text>
        </Stack>
      </Group>
    </Dropzone>
  );
}
