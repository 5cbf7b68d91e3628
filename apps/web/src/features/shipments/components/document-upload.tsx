import { useId, useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { toast } from '../../../lib/toast.ts';
import { isAcceptedUpload, UPLOAD_MAX_BYTES } from '@clearport/contract/shipment-documents';
import { fillText, TEXTS } from '@clearport/contract/texts';
import { UploadIcon } from '../../../components/ui/icons.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { useRequestKey } from '../../../hooks/use-request-key.ts';
import { useUploadDocument } from '../api/upload-document.ts';
import { rejectionText, UPLOAD_ACCEPT, uploadFailureText, WRONG_TYPE_CODE } from '../utils/upload-rejections.ts';
import styles from './document-upload.module.css';

type DocumentUploadProps = {
  shipmentId: number;
  /** Runs with the name of each file the server has stored. */
  onUploaded?: (fileName: string) => void;
};

/** The contract's extensions, whatever their case, as the server checks them. */
function checkName(file: File) {
  return isAcceptedUpload(file.name) ? null : { code: WRONG_TYPE_CODE, message: TEXTS.uploadWrongType };
}

/**
 * The drop area (react-dropzone): drop files or choose them, by mouse or keyboard. Files are
 * sent one at a time; a file refused here or by the server gets its message in the spec's
 * words under the area (spec section 5), and the others still go.
 */
export function DocumentUpload({ shipmentId, onUploaded }: DocumentUploadProps) {
  const hintId = useId();
  const uploadMutation = useUploadDocument(shipmentId);
  // The same file chosen again after an answer that never came is the same upload (decision 0048).
  const requestKey = useRequestKey();
  const [uploadingName, setUploadingName] = useState<string | null>(null);
  const [failures, setFailures] = useState<string[]>([]);

  const onDrop = async (accepted: File[], rejections: FileRejection[]) => {
    const messages = rejections.map(({ file, errors }) => rejectionText(file.name, errors));
    setFailures(messages);
    for (const file of accepted) {
      setUploadingName(file.name);
      try {
        const key = requestKey.keyOf(`${file.name}\u0000${file.size}\u0000${file.lastModified}`);
        await uploadMutation.mutateAsync({ file, requestKey: key });
        requestKey.settle(null);
        toast.success(fillText(WEB_TEXTS.shipment.documentUploaded, { file: file.name }));
        onUploaded?.(file.name);
      } catch (error) {
        requestKey.settle(error);
        messages.push(uploadFailureText(file.name, error));
        setFailures([...messages]);
      }
    }
    setUploadingName(null);
  };

  const isUploading = uploadingName !== null;
  const { getRootProps, getInputProps, isDragActive, isDragReject } = useDropzone({
    onDrop: (accepted, rejections) => void onDrop(accepted, rejections),
    accept: UPLOAD_ACCEPT,
    validator: checkName,
    maxSize: UPLOAD_MAX_BYTES,
    minSize: 1,
    disabled: isUploading,
    // The Choose files button inside is what the keyboard reaches; a click anywhere in the area
    // reaches the area's own handler, which opens the chooser.
    noKeyboard: true,
  });

  const areaClass = [
    styles.area,
    isDragActive ? styles.active : '',
    isDragReject ? styles.rejecting : '',
    isUploading ? styles.busy : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={styles.upload}>
      <div
        {...getRootProps({
          className: areaClass,
          role: 'group',
          'aria-label': WEB_TEXTS.shipment.uploadLabel,
          'aria-describedby': hintId,
        })}
      >
        <input {...getInputProps()} />
        <UploadIcon size={28} />
        <span className={styles.text}>
          {isDragActive ? WEB_TEXTS.shipment.dropAreaActive : WEB_TEXTS.shipment.dropAreaText}
        </span>
        {/* aria-disabled, not disabled, while a file goes up: it keeps the focus (the area takes no click). */}
        <button
          type="button"
          className={styles.choose}
          aria-disabled={isUploading || undefined}
          aria-describedby={hintId}
        >
          {WEB_TEXTS.shipment.chooseFiles}
        </button>
        <span id={hintId} className={styles.hint}>
          {WEB_TEXTS.shipment.dropAreaHint}
        </span>
      </div>
      <p role="status" className={styles.progress}>
        {isUploading ? fillText(WEB_TEXTS.shipment.uploading, { file: uploadingName }) : ''}
      </p>
      {failures.length > 0 && (
        <ul role="alert" className={styles.failures}>
          {failures.map((message, index) => (
            <li key={`${index}-${message}`}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
