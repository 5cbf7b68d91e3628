import { useId, useRef, useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { CalendarDate, FIRST_RECORD_DAY, LAST_RECORD_DAY, RecordDate } from '@clearport/contract/calendar';
import { NOTE_MAX_LENGTH, REFERENCE_MAX_LENGTH } from '@clearport/contract/constants';
import {
  assignedContainerIds,
  containersToConfirm,
  DELIVERY_ORDER_ERRORS,
  deliveryOrderChanges,
  deliveryOrderErrors,
  deliveryOrderRevision,
  deliveryOrderErrorText,
  newDeliveryOrderForm,
  type DeliveryOrder,
  type DeliveryOrderContent,
  type DeliveryOrderFieldErrors,
  type DeliveryOrderFormValues,
  type DeliveryOrderRequest,
} from '@clearport/contract/delivery-orders';
import type { SettingsResponse } from '@clearport/contract/settings';
import type { ShipmentDetail } from '@clearport/contract/shipment-detail';
import { fillText, TEXTS } from '@clearport/contract/texts';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { CONTAINER_TEXTS } from '../../../config/container-texts.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { useFailureToast } from '../../../hooks/use-failure-toast.ts';
import { useLeavePrompt } from '../../../hooks/use-leave-prompt.ts';
import { useOneSend } from '../../../hooks/use-one-send.ts';
import { useRequestKey } from '../../../hooks/use-request-key.ts';
import { ApiError, failureText, hasStatus } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { useDeleteDeliveryOrder } from '../api/delete-delivery-order.ts';
import { getStoredDeliveryOrder } from '../api/get-stored-delivery-order.ts';
import { useSaveDeliveryOrder } from '../api/save-delivery-order.ts';
import { useSendDeliveryOrder } from '../api/send-delivery-order.ts';
import { dropdownOptions, ADD_NEW } from '../utils/dropdown-options.ts';
import { LongChoiceList, type LongChoiceTexts } from './choice-list.tsx';
import styles from './delivery-order-forms.module.css';

export type EditorShipment = Pick<
  ShipmentDetail,
  'id' | 'customer_reference_no' | 'containers' | 'bill_lading' | 'delivery_orders'
>;

export type AddNewDialogProps = {
  /** The new trucker or warehouse, which the dropdown chooses. */
  onCreated: (created: { id: number }) => void;
  onClose: () => void;
};

/**
 * What the editor takes from the company's settings, which another feature owns: the query of
 * its truckers and warehouses (user/settings) and the Add New dialogs of the two dropdowns.
 */
export type DeliveryOrderSettings = {
  queryOptions: () => UseQueryOptions<SettingsResponse, Error, SettingsResponse, QueryKey>;
  TruckerDialog: ComponentType<AddNewDialogProps>;
  WarehouseDialog: ComponentType<AddNewDialogProps>;
};

type DeliveryOrderEditorProps = {
  shipment: EditorShipment;
  settings: DeliveryOrderSettings;
  /** The stored order, or undefined for a new one that is not saved yet. */
  order?: DeliveryOrder;
  /** The terminal's last free day (YYYY-MM-DD) of each container still there, by container id. */
  lastFreeDays?: ReadonlyMap<number, string>;
  /** The server stored the order (a save or a send); the reply's copy. */
  onSaved: (order: DeliveryOrder) => void;
  /** The order is gone: deleted on the server, or a new one dropped before it was saved. */
  onDeleted: () => void;
};

function valuesOf(order: DeliveryOrder): DeliveryOrderFormValues {
  const { trucker_id, warehouse_id, reference_number, note, containers, bill_ladings, pickup_date } = order;
  return { trucker_id, warehouse_id, reference_number, note, containers, bill_ladings, pickup_date };
}

/**
 * The chosen containers whose last free day at the terminal is before the pick-up date asked
 * for, as "number (last free day)": a pick-up then costs demurrage.
 */
function lateForPickup(
  shipment: EditorShipment,
  values: DeliveryOrderFormValues,
  lastFreeDays: ReadonlyMap<number, string>,
): string[] {
  const pickup = values.pickup_date;
  if (!pickup || !RecordDate.safeParse(pickup).success) return [];
  return shipment.containers.flatMap((container) => {
    const lastFreeDay = lastFreeDays.get(container.id);
    return values.containers.includes(container.id) && lastFreeDay !== undefined && lastFreeDay < pickup
      ? [`${container.container_no} (${formatDate(lastFreeDay)})`]
      : [];
  });
}

const NO_LAST_FREE_DAYS: ReadonlyMap<number, string> = new Map();

const ORDER_TEXTS = WEB_TEXTS.deliveryOrders;
const CONTAINER_CHOICE_TEXTS: LongChoiceTexts = {
  find: ORDER_TEXTS.findContainer,
  noneFound: ORDER_TEXTS.noContainerFound,
  more: WEB_TEXTS.shipment.moreContainers,
};
const MASTER_BILL_TEXTS: LongChoiceTexts = {
  find: ORDER_TEXTS.findMasterBill,
  noneFound: ORDER_TEXTS.noBillFound,
  more: ORDER_TEXTS.moreBills,
};
const HOUSE_BILL_TEXTS: LongChoiceTexts = { ...MASTER_BILL_TEXTS, find: ORDER_TEXTS.findHouseBill };

/** Each field of an order by its label, in the form's order, to say which ones changed elsewhere. */
const FIELD_LABELS: Record<keyof DeliveryOrderContent, string> = {
  trucker_id: WEB_TEXTS.deliveryOrders.truckerLabel,
  warehouse_id: WEB_TEXTS.deliveryOrders.warehouseLabel,
  containers: WEB_TEXTS.deliveryOrders.containersLabel,
  bill_ladings: WEB_TEXTS.deliveryOrders.billsLabel,
  pickup_date: CONTAINER_TEXTS.pickupDate,
  reference_number: WEB_TEXTS.common.referenceLabel,
  note: WEB_TEXTS.deliveryOrders.noteLabelOrder,
};

const FIELDS: ReadonlyArray<keyof DeliveryOrderFieldErrors> = [
  'trucker_id',
  'warehouse_id',
  'containers',
  'bill_ladings',
  'pickup_date',
];

/** The server's field at fault, when it is one of the form's. */
function fieldOf(error: ApiError): keyof DeliveryOrderFieldErrors | undefined {
  return FIELDS.find((field) => field === error.field);
}

type ChoiceGroupProps = {
  legend: string;
  /** The error style, with `errorId` naming the message that explains it. */
  isInvalid: boolean;
  errorId: string;
  /** The message under the choices, when it is not the one under the form. */
  error: ReactNode;
  children: ReactNode;
};

/** The containers or the bills: checkboxes under a legend, as one field of the form. */
function ChoiceGroup({ legend, isInvalid, errorId, error, children }: ChoiceGroupProps) {
  return (
    <fieldset
      className={styles.group}
      data-invalid={isInvalid || undefined}
      aria-describedby={isInvalid ? errorId : undefined}
    >
      <legend className={styles.legend}>{legend}</legend>
      {children}
      {error}
    </fieldset>
  );
}

/**
 * One delivery order's form (spec sections 2, 4 and 5): trucker and warehouse dropdowns of the
 * active ones, each with Add New; the containers, with (Assigned) for those another order holds
 * and a single one preselected and read-only; the master and house bills; reference number and
 * note. Save creates or updates, Delete removes, and Send appears once the broker approved.
 */
export function DeliveryOrderEditor({
  shipment,
  settings,
  order,
  lastFreeDays = NO_LAST_FREE_DAYS,
  onSaved,
  onDeleted,
}: DeliveryOrderEditorProps) {
  const ids = useId();
  const isNew = order === undefined;
  const [initialValues] = useState<DeliveryOrderFormValues>(() =>
    order ? valuesOf(order) : newDeliveryOrderForm(shipment),
  );
  const [values, setValues] = useState(initialValues);
  // The order as this page read or last saved it: a save names its revision, so one made elsewhere
  // since is refused rather than undone.
  const [base, setBase] = useState<DeliveryOrderFormValues | undefined>(() => order && valuesOf(order));
  const [fieldErrors, setFieldErrors] = useState<DeliveryOrderFieldErrors>({});
  const [serverError, setServerError] = useState('');
  const [modal, setModal] = useState<'trucker' | 'warehouse' | null>(null);

  const settingsQuery = useQuery(settings.queryOptions());
  // Spec section 8: a refusal and no answer at all read differently.
  useFailureToast(
    settingsQuery,
    hasStatus(settingsQuery.error, 0) ? TEXTS.settingsFetchError : TEXTS.settingsFetchFailed,
  );
  const form = useRef<HTMLFormElement>(null);
  const pickupField = useRef<HTMLInputElement>(null);
  /** After a refused save, once the fields show it: the first one at fault takes the focus, so its error is read out. */
  const focusFirstInvalid = () =>
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  const saveMutation = useSaveDeliveryOrder(shipment.id, order?.id);
  const deleteMutation = useDeleteDeliveryOrder(shipment.id);
  const sendMutation = useSendDeliveryOrder(shipment.id);
  const isBusy = saveMutation.isPending || deleteMutation.isPending || sendMutation.isPending;
  const oneSend = useOneSend();
  const newOrderKey = useRequestKey();
  const isChanged = Object.keys(deliveryOrderChanges(order ? valuesOf(order) : initialValues, values)).length > 0;
  // Leaving the page would drop what was filled in: ask first, unless it is being saved.
  useLeavePrompt(isChanged && !saveMutation.isPending, WEB_TEXTS.deliveryOrders.leaveUnsavedOrder);

  const choices = settingsQuery.data?.user;
  const truckerOptions = dropdownOptions(choices?.truckers ?? [], order?.trucker, 'trucker');
  const warehouseOptions = dropdownOptions(choices?.warehouses ?? [], order?.warehouse, 'warehouse');
  const assigned = assignedContainerIds(shipment.delivery_orders, order?.id);
  const hasSingleContainer = shipment.containers.length === 1;
  const masterBills = shipment.bill_lading.filter((bill) => bill.is_master_bill_lading === 1);
  const houseBills = shipment.bill_lading.filter((bill) => bill.is_master_bill_lading !== 1);

  const change = (changes: Partial<DeliveryOrderFormValues>) => {
    setValues((current) => ({ ...current, ...changes }));
    // A field the user has just filled in no longer shows as missing.
    setFieldErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(changes)) delete next[key as keyof DeliveryOrderFieldErrors];
      return next;
    });
  };

  /** An Add New modal created a trucker or warehouse: the dropdown chooses it. */
  const chooseCreated = (field: 'trucker_id' | 'warehouse_id') => (created: { id: number }) => {
    setModal(null);
    change({ [field]: created.id });
  };

  const save = (isReuseConfirmed: boolean) => {
    const body: DeliveryOrderRequest = {
      ...values,
      trucker_id: values.trucker_id ?? 0,
      warehouse_id: values.warehouse_id ?? 0,
      reuse_assigned_containers: isReuseConfirmed,
      ...(base && { revision: deliveryOrderRevision(base) }),
    };
    const requestKey = isNew ? newOrderKey.keyOf(JSON.stringify(body)) : undefined;
    saveMutation.mutate(
      { body, requestKey },
      {
        onSettled: (_reply, error) => newOrderKey.settle(error),
        onSuccess: (reply) => {
          setBase(valuesOf(reply.delivery_order));
          toast.success(WEB_TEXTS.deliveryOrders.deliveryOrderSaved);
          onSaved(reply.delivery_order);
        },
        onError: (error) => {
          // Another order took the containers since the page loaded: the same question as before saving.
          if (error instanceof ApiError && error.status === 409 && error.field === 'containers') {
            if (window.confirm(error.text)) save(true);
            return;
          }
          if (error instanceof ApiError && error.status === 409 && error.field === 'revision' && order) {
            void takeStoredVersion(order.id, error.text);
            return;
          }
          const field = error instanceof ApiError ? fieldOf(error) : undefined;
          const text =
            error instanceof ApiError
              ? deliveryOrderErrorText({ message: error.message, errors: error.errors })
              : TEXTS.genericError;
          setServerError(text);
          if (field) {
            setFieldErrors({ [field]: text });
            focusFirstInvalid();
          }
        },
      },
    );
  };

  /**
   * A save refused because the order was saved elsewhere meanwhile: the form keeps what was
   * entered, the card shows the stored order, and the next Save names its revision, so that it
   * replaces that version knowingly. Deleted meanwhile, the refusal's own text says to reload.
   */
  const takeStoredVersion = async (orderId: number, refusal: string) => {
    try {
      const stored = await getStoredDeliveryOrder(shipment.id, orderId);
      if (!stored) {
        setServerError(refusal);
        return;
      }
      const theirs = valuesOf(stored);
      const changes = deliveryOrderChanges(base ?? initialValues, theirs);
      // In the form's order.
      const changed = (Object.keys(FIELD_LABELS) as Array<keyof DeliveryOrderContent>).filter(
        (field) => field in changes,
      );
      setBase(theirs);
      // The list's copy of the order is the stored one now (its approval, its title).
      onSaved(stored);
      setServerError(
        fillText(WEB_TEXTS.deliveryOrders.changedElsewhereKept, {
          fields: changed.map((field) => FIELD_LABELS[field]).join(', '),
        }),
      );
    } catch {
      setServerError(refusal);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isBusy) return;
    setServerError('');
    // Without a container the server answers the spec's missing-container text, naming the broker's address.
    if (!(isNew && shipment.containers.length === 0)) {
      const errors = deliveryOrderErrors(values);
      // A date field holding a day it cannot read (02/30, or half typed) has no value, and no change told of it.
      const isBadInput = pickupField.current?.validity.badInput === true;
      if (isBadInput || errors.pickup_date) {
        const isDay = !isBadInput && CalendarDate.safeParse(values.pickup_date).success;
        errors.pickup_date = isDay ? CONTAINER_TEXTS.pickupDateYears : CONTAINER_TEXTS.pickupDateUnreadable;
      }
      setFieldErrors(errors);
      if (Object.keys(errors).length > 0) {
        focusFirstInvalid();
        return;
      }
    }
    const toConfirm = containersToConfirm(shipment.delivery_orders, order?.id, values.containers);
    if (toConfirm.length > 0) {
      const numbers = shipment.containers
        .filter((container) => toConfirm.includes(container.id))
        .map((container) => container.container_no)
        .join(', ');
      if (!window.confirm(fillText(DELIVERY_ORDER_ERRORS.containersAssigned, { containers: numbers }))) return;
    }
    save(toConfirm.length > 0);
  };

  const onDelete = () => {
    if (isBusy) return;
    if (!order) {
      onDeleted();
      return;
    }
    if (!window.confirm(WEB_TEXTS.deliveryOrders.confirmDeleteDeliveryOrder)) return;
    deleteMutation.mutate(order.id, {
      onSuccess: (reply) => {
        toast.success(reply.message);
        onDeleted();
      },
      onError: (error) => toast.error(failureText(error)),
    });
  };

  const isApproved = order?.approved === 1;
  const onSend = () => {
    if (!order || isBusy) return;
    // Send mails the stored order; saving the changes first would withdraw the broker's approval.
    if (isChanged && !window.confirm(WEB_TEXTS.deliveryOrders.confirmSendUnsaved)) return;
    // A second mail to the trucker is a choice, not a second click.
    const sentOn = order.sent_at && formatDate(order.sent_at);
    if (sentOn && !window.confirm(fillText(WEB_TEXTS.deliveryOrders.confirmSendAgain, { date: sentOn }))) return;
    if (!oneSend.start()) return;
    sendMutation.mutate(order.id, {
      onSettled: oneSend.settle,
      onSuccess: (reply) => {
        toast.success(TEXTS.deliveryOrderSent);
        onSaved(reply.delivery_order);
      },
      onError: (error) => toast.error(failureText(error)),
    });
  };

  const dropdowns = [
    {
      field: 'trucker_id',
      label: WEB_TEXTS.deliveryOrders.truckerLabel,
      placeholder: WEB_TEXTS.deliveryOrders.chooseTrucker,
      options: truckerOptions,
      modal: 'trucker',
    },
    {
      field: 'warehouse_id',
      label: WEB_TEXTS.deliveryOrders.warehouseLabel,
      placeholder: WEB_TEXTS.deliveryOrders.chooseWarehouse,
      options: warehouseOptions,
      modal: 'warehouse',
    },
  ] as const;
  const errorId = (field: keyof DeliveryOrderFieldErrors) => `${ids}-${field}`;
  const late = lateForPickup(shipment, values, lastFreeDays);
  // A server refusal names its field: the field takes the error style, the text stays under the form.
  const fieldError = (field: keyof DeliveryOrderFieldErrors) =>
    fieldErrors[field] &&
    fieldErrors[field] !== serverError && (
      <p id={errorId(field)} className={styles.fieldError} aria-live="polite">
        {fieldErrors[field]}
      </p>
    );
  const groupErrors = (field: 'containers' | 'bill_ladings') => ({
    isInvalid: Boolean(fieldErrors[field]),
    errorId: errorId(field),
    error: fieldError(field),
  });

  return (
    <>
      <form ref={form} className={styles.editor} onSubmit={onSubmit} noValidate aria-busy={isBusy || undefined}>
        <div className={styles.twoColumns}>
          {dropdowns.map((dropdown) => (
            <div key={dropdown.field}>
              <SelectField<number>
                label={dropdown.label}
                placeholder={dropdown.placeholder}
                options={dropdown.options}
                value={values[dropdown.field]}
                isLoading={settingsQuery.isPending}
                isInvalid={Boolean(fieldErrors[dropdown.field])}
                errorId={errorId(dropdown.field)}
                onChange={(id) => (id === ADD_NEW ? setModal(dropdown.modal) : change({ [dropdown.field]: id }))}
              />
              {fieldError(dropdown.field)}
            </div>
          ))}
        </div>

        <ChoiceGroup legend={WEB_TEXTS.deliveryOrders.containersLabel} {...groupErrors('containers')}>
          {shipment.containers.length === 0 && <p className={styles.hint}>{TEXTS.noContainers}</p>}
          <LongChoiceList
            texts={CONTAINER_CHOICE_TEXTS}
            choices={shipment.containers.map((container) => ({
              id: container.id,
              number: container.container_no,
              label: assigned.has(container.id)
                ? `${container.container_no} ${TEXTS.assignedLabel}`
                : container.container_no,
            }))}
            chosen={values.containers}
            isInvalid={Boolean(fieldErrors.containers)}
            isDisabled={hasSingleContainer}
            onChange={(containers) => change({ containers })}
          />
        </ChoiceGroup>

        <ChoiceGroup legend={WEB_TEXTS.deliveryOrders.billsLabel} {...groupErrors('bill_ladings')}>
          {shipment.bill_lading.length === 0 && <p className={styles.hint}>{WEB_TEXTS.deliveryOrders.noBills}</p>}
          {[
            { title: WEB_TEXTS.deliveryOrders.masterBillsLabel, bills: masterBills, texts: MASTER_BILL_TEXTS },
            { title: WEB_TEXTS.deliveryOrders.houseBillsLabel, bills: houseBills, texts: HOUSE_BILL_TEXTS },
          ]
            .filter((kind) => kind.bills.length > 0)
            .map((kind) => (
              <fieldset key={kind.title} className={styles.subgroup}>
                <legend className={styles.sublegend}>{kind.title}</legend>
                <LongChoiceList
                  texts={kind.texts}
                  choices={kind.bills.map((bill) => ({ id: bill.id, label: bill.bill_lading }))}
                  chosen={values.bill_ladings}
                  isInvalid={Boolean(fieldErrors.bill_ladings)}
                  onChange={(bill_ladings) => change({ bill_ladings })}
                />
              </fieldset>
            ))}
        </ChoiceGroup>

        <div>
          <TextField
            type="date"
            label={CONTAINER_TEXTS.pickupDate}
            value={values.pickup_date ?? ''}
            isInvalid={Boolean(fieldErrors.pickup_date)}
            errorId={errorId('pickup_date')}
            aria-describedby={late.length > 0 ? `${ids}-late` : undefined}
            min={FIRST_RECORD_DAY}
            max={LAST_RECORD_DAY}
            ref={pickupField}
            onChange={(event) => change({ pickup_date: event.target.value || null })}
          />
          {fieldError('pickup_date')}
        </div>
        {late.length > 0 && (
          <FormMessage id={`${ids}-late`} tone="warning">
            {fillText(CONTAINER_TEXTS.pickupAfterLastFreeDay, {
              date: formatDate(values.pickup_date ?? ''),
              containers: late.join(', '),
            })}
          </FormMessage>
        )}

        <TextField
          label={WEB_TEXTS.common.referenceLabel}
          value={values.reference_number}
          maxLength={REFERENCE_MAX_LENGTH}
          onChange={(event) => change({ reference_number: event.target.value })}
        />
        <div className={styles.noteField}>
          <label htmlFor={`${ids}-note`} className={styles.legend}>
            {WEB_TEXTS.deliveryOrders.noteLabelOrder}
          </label>
          <textarea
            id={`${ids}-note`}
            className={styles.textarea}
            rows={3}
            maxLength={NOTE_MAX_LENGTH}
            value={values.note}
            onChange={(event) => change({ note: event.target.value })}
          />
        </div>

        {serverError && <FormMessage tone="error">{serverError}</FormMessage>}
        {/* The broker approves what is sent: a save that changes the order withdraws the approval. */}
        {isApproved && isChanged && (
          <FormMessage id={`${ids}-reapproval`} tone="warning">
            {WEB_TEXTS.deliveryOrders.saveWithdrawsApproval}
          </FormMessage>
        )}

        <div className={styles.actions}>
          {/* The spec's order: Save, Delete and, once the broker approved the order, Send, then the main step. */}
          <Button
            type="submit"
            variant={isApproved ? 'secondary' : 'primary'}
            isPending={isBusy}
            aria-describedby={isApproved && isChanged ? `${ids}-reapproval` : undefined}
          >
            {saveMutation.isPending ? WEB_TEXTS.common.saving : WEB_TEXTS.deliveryOrders.saveDeliveryOrder}
          </Button>
          <Button variant="secondary" isPending={isBusy} onClick={onDelete}>
            {deleteMutation.isPending ? WEB_TEXTS.common.deleting : WEB_TEXTS.deliveryOrders.deleteDeliveryOrder}
          </Button>
          {isApproved && (
            <Button isPending={isBusy} onClick={onSend}>
              {sendMutation.isPending ? WEB_TEXTS.common.sending : WEB_TEXTS.deliveryOrders.sendDeliveryOrder}
            </Button>
          )}
        </div>
      </form>
      {/* Beside the form, not in it: a dialog's own form submitted would bubble to this one through React's tree. */}
      {modal === 'trucker' && (
        <settings.TruckerDialog onClose={() => setModal(null)} onCreated={chooseCreated('trucker_id')} />
      )}
      {modal === 'warehouse' && (
        <settings.WarehouseDialog onClose={() => setModal(null)} onCreated={chooseCreated('warehouse_id')} />
      )}
    </>
  );
}
