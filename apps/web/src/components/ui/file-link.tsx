import { useState, type ReactNode } from 'react';
import { toast } from '../../lib/toast.ts';
import { failureText } from '../../lib/api-client.ts';
import { openFile } from '../../lib/files.ts';
import { DocumentIcon } from './icons.tsx';
import styles from './file-link.module.css';

type FileLinkProps = {
  /** The file's storage key (a document's `path`, `path_to_7501`, an order's or invoice's `path`). */
  fileKey: string;
  /** The name a download is saved under. */
  fileName: string;
  /** The visible text, which is also the accessible name; the file name when left out. */
  children?: ReactNode;
};

/**
 * Opens a stored file. Files are fetched with the bearer header, never from a public address,
 * so this is a button that fetches and then shows the file, not a plain link.
 */
export function FileLink({ fileKey, fileName, children }: FileLinkProps) {
  const [isOpening, setIsOpening] = useState(false);
  const open = async () => {
    // Kept focusable while it opens (a disabled button drops the focus): a second click waits here.
    if (isOpening) return;
    setIsOpening(true);
    try {
      await openFile(fileKey, fileName);
    } catch (error) {
      toast.error(failureText(error));
    } finally {
      setIsOpening(false);
    }
  };
  return (
    <button
      type="button"
      className={styles.link}
      onClick={() => void open()}
      aria-busy={isOpening || undefined}
      aria-disabled={isOpening || undefined}
    >
      <DocumentIcon size={18} />
      <span className={styles.name}>{children ?? fileName}</span>
    </button>
  );
}
