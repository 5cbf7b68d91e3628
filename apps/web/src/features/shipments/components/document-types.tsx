import type { DocumentTypeEntry } from '@clearport/contract/shipment-documents';
import { fillText } from '@clearport/contract/texts';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { usePendingChange } from '../../../hooks/use-pending-change.ts';
import { useSetDocumentTypes } from '../api/set-document-types.ts';
import { useUnsetDocumentTypes } from '../api/unset-document-types.ts';
import styles from './shipment-steps.module.css';

/** A type the user is offered to tick after uploading `file`. */
export type TypeOffer = { file: string; type: string };

type DocumentTypesProps = {
  shipmentId: number;
  types: readonly DocumentTypeEntry[];
  offer?: TypeOffer | null;
  /** The offer was taken up or turned down. */
  onOfferClosed?: () => void;
};

/**
 * A checkbox per document type: ticking marks it submitted, unticking unsets it, and the status
 * the server answers with replaces the shown one (spec section 4). One change at a time, so
 * each reply's status is the latest; while one is on its way the boxes stay focusable
 * (aria-disabled) but do not change.
 */
export function DocumentTypes({ shipmentId, types, offer = null, onOfferClosed }: DocumentTypesProps) {
  const setMutation = useSetDocumentTypes(shipmentId);
  const unsetMutation = useUnsetDocumentTypes(shipmentId);
  const change = usePendingChange<{ type: string; isSubmitted: boolean }>(types);

  if (types.length === 0) return <p className={styles.muted}>{WEB_TEXTS.shipment.noDocumentTypes}</p>;

  const submit = (type: string, isSubmitted: boolean) => {
    if (change.isPending) return;
    change.begin({ type, isSubmitted });
    (isSubmitted ? setMutation : unsetMutation).mutate(type, { onError: change.cancel });
    if (type === offer?.type) onOfferClosed?.();
  };
  const isOfferOpen = offer !== null && types.some((entry) => entry.type === offer.type && entry.submitted !== 1);

  return (
    <fieldset className={styles.types}>
      <legend className={styles.legend}>{WEB_TEXTS.shipment.documentTypesLegend}</legend>
      <ul className={styles.typeList} aria-busy={change.isPending || undefined}>
        {types.map((entry) => {
          const isSubmitted = change.value?.type === entry.type ? change.value.isSubmitted : entry.submitted === 1;
          return (
            <li key={entry.type}>
              <Checkbox
                label={entry.type}
                description={entry.required === 1 ? WEB_TEXTS.shipment.documentTypeRequired : undefined}
                checked={isSubmitted}
                aria-disabled={change.isPending || undefined}
                onChange={(event) => submit(entry.type, event.target.checked)}
              />
            </li>
          );
        })}
      </ul>
      {isOfferOpen && (
        <div role="group" aria-label={offer.file} className={styles.typeOffer}>
          <p>{fillText(WEB_TEXTS.shipment.uploadTypeOffer, { file: offer.file, type: offer.type })}</p>
          <div className={styles.typeOfferActions}>
            <Button onClick={() => submit(offer.type, true)} isPending={change.isPending}>
              {WEB_TEXTS.shipment.uploadTypeOfferAccept}
            </Button>
            <Button variant="secondary" onClick={onOfferClosed}>
              {WEB_TEXTS.shipment.uploadTypeOfferDismiss}
            </Button>
          </div>
        </div>
      )}
    </fieldset>
  );
}
