import { AMAZON_CONFIRM_MESSAGES } from '@labeldesk/contracts';
import { FileDropzone, type FileDropzoneRejections, type FileWithPath } from '@labeldesk/ui';
import { MAX_COOKIES_FILE_BYTES } from './credentials';

/** What a cookies file the dropzone refused comes to: too large, or not a .json file (the SPEC's parse text). */
export function cookiesRejection(rejections: FileDropzoneRejections): string {
  const tooLarge = rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'));
  return tooLarge ? AMAZON_CONFIRM_MESSAGES.cookiesTooLarge : AMAZON_CONFIRM_MESSAGES.cookiesParse;
}

/**
 * The Seller Central cookies (.json file), dropped or picked, in the drop zone every upload uses (the Amazon report,
 * the bulk CSV). A file over MAX_COOKIES_FILE_BYTES or of another type is refused before it is read.
 */
export function CookiesDropzone({
  loaded,
  disabled,
  onFile,
  onReject,
}: {
  loaded: { fileName: string; count: number } | null;
  disabled: boolean;
  onFile: (file: FileWithPath) => void;
  onReject: (message: string) => void;
}) {
  return (
    <FileDropzone
      accept={{ 'application/json': ['.json'] }}
      validator={(file) =>
        file.size > MAX_COOKIES_FILE_BYTES
          ? { code: 'file-too-large', message: AMAZON_CONFIRM_MESSAGES.cookiesTooLarge }
          : null
      }
      onFile={onFile}
      onReject={(rejections) => onReject(cookiesRejection(rejections))}
      disabled={disabled}
      inputLabel="Cookies (.json file)"
      inputTestId="amazon-cookies-file"
      testId="amazon-cookies-dropzone"
      texts={{
        idle: 'Drag your cookies .json file here or click to select it',
        accept: 'Drop the cookies file to load it',
        reject: 'Only .json files are accepted',
      }}
      hint={
        loaded
          ? `${loaded.fileName}: ${loaded.count} cookies`
          : 'The cookies of sellercentral.amazon.com, exported from your browser as JSON'
      }
      hintTestId="amazon-cookies-loaded"
    />
  );
}
