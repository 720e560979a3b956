import { FileDropzone, type FileDropzoneRejections, type FileWithPath } from '@labeldesk/ui';
import { reportFileError } from './converter';

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
  onReject: (rejections: FileDropzoneRejections) => void;
}) {
  return (
    <FileDropzone
      accept={{ 'text/plain': ['.txt'] }}
      validator={reportFileError}
      onFile={onFile}
      onReject={onReject}
      loading={busy}
      inputLabel="Amazon orders file (.txt)"
      inputTestId="amazon-file-input"
      testId="amazon-dropzone"
      minHeight={110}
      texts={{
        idle: 'Drag your Amazon orders file here or click to select it',
        accept: 'Drop the report to upload it',
        reject: 'Only .txt files are accepted',
      }}
      hint={fileName ? `Current file: ${fileName}` : 'Accepts the .txt report downloaded from Amazon Seller Central'}
    />
  );
}

export type { FileDropzoneRejections as DropzoneRejections };
