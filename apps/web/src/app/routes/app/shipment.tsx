import { useMemo } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import type { ProfileResponse } from '@clearport/contract/auth';
import { Id } from '@clearport/contract/http';
import { isReadOnly } from '@clearport/contract/roles';
import { SHIPMENT_DETAIL_ERRORS, type SkipDeliveryOrderResponse } from '@clearport/contract/shipment-detail';
import { TEXTS } from '@clearport/contract/texts';
import { DetailColumns } from '../../../components/layouts/detail-columns.tsx';
import { useProfile } from '../../../features/auth/api/get-profile.ts';
import { useContainerFreeDays } from '../../../features/containers/api/get-container-free-days.ts';
import { ContainerFreeDaysPanel } from '../../../features/containers/components/container-free-days-panel.tsx';
import { CustomsEntryPanel } from '../../../features/customs-entries/components/customs-entry-panel.tsx';
import { PageBody } from '../../../components/layouts/page-body.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { LoadingPage } from '../../../components/ui/loading-page.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import {
  DeliveryOrdersSection,
  type DeliveryOrdersUpdate,
} from '../../../features/delivery-orders/components/delivery-orders-section.tsx';
import { useShipmentDetail, useShipmentDetailCache } from '../../../features/shipments/api/get-shipment-detail.ts';
import { Review7501 } from '../../../features/shipments/components/review-7501.tsx';
import { AdditionalFiles, ShipmentFiles } from '../../../features/shipments/components/shipment-files.tsx';
import { ShipmentInfo } from '../../../features/shipments/components/shipment-info.tsx';
import { ShipmentNavigation } from '../../../features/shipments/components/shipment-navigation.tsx';
import { ShipmentNotes } from '../../../features/shipments/components/shipment-notes.tsx';
import { ShipmentProgress } from '../../../features/shipments/components/shipment-progress.tsx';
import { ShipmentUpdates } from '../../../features/shipments/components/shipment-updates.tsx';
import { readLinkState } from '../../../features/shipments/utils/link-state.ts';
import { DELIVERY_ORDER_SETTINGS } from '../../delivery-order-settings.ts';
import { useFailureAlert } from '../../../hooks/use-failure-alert.ts';
import { hasStatus } from '../../../lib/api-client.ts';
import { readSession } from '../../../lib/session.ts';

const BREADCRUMBS = [
  { link: paths.home.getHref(), title: WEB_TEXTS.layout.navHome },
  { link: paths.shipments.getHref(), title: WEB_TEXTS.layout.navShipments },
];

/** A shipment that does not exist, or that the user may not see: the server answers both alike. */
function ShipmentNotFound() {
  return (
    <PageBody>
      <FormMessage tone="error">{SHIPMENT_DETAIL_ERRORS.shipmentNotFound}</FormMessage>
      <Link to={paths.shipments.getHref()}>{WEB_TEXTS.shipment.backToShipments}</Link>
    </PageBody>
  );
}

/** The terminal's last free day of each container still there, for the delivery order editor's pick-up warning. */
function useLastFreeDays(shipmentId: number): ReadonlyMap<number, string> | undefined {
  const { data } = useContainerFreeDays(shipmentId);
  return useMemo(
    () =>
      data &&
      new Map(
        data.containers.flatMap((container) =>
          container.gated_out_at === null && container.terminal_last_free_day !== null
            ? [[container.container_id, container.terminal_last_free_day] as const]
            : [],
        ),
      ),
    [data],
  );
}

const brokerEmailOf = (profile: ProfileResponse) => profile.broker_email;

type ShipmentPageProps = {
  shipmentId: number;
};

function ShipmentPage({ shipmentId }: ShipmentPageProps) {
  const location = useLocation();
  const linkState = readLinkState(location.state);
  const detailQuery = useShipmentDetail(shipmentId);
  const cache = useShipmentDetailCache(shipmentId);
  const isNotFound = hasStatus(detailQuery.error, 404);
  useFailureAlert(
    {
      isError: detailQuery.isError && !isNotFound,
      error: detailQuery.error,
      errorUpdatedAt: detailQuery.errorUpdatedAt,
    },
    TEXTS.serverNotResponding,
  );
  const isReadOnlyRole = isReadOnly(readSession()?.role ?? 0);
  const lastFreeDays = useLastFreeDays(shipmentId);
  const brokerEmail = useProfile({ select: brokerEmailOf }).data;

  if (detailQuery.isPending) return <LoadingPage />;

  const navigation = <ShipmentNavigation shipmentId={shipmentId} linkState={linkState} />;
  if (detailQuery.isError) {
    return (
      <>
        <PageHeader title={WEB_TEXTS.shipment.shipmentTitle} breadcrumbs={BREADCRUMBS} extra={navigation} />
        {isNotFound ? (
          <ShipmentNotFound />
        ) : (
          <PageBody>
            <FormMessage tone="error">{TEXTS.shipmentFetchFailed}</FormMessage>
            <Button variant="secondary" onClick={() => void detailQuery.refetch()}>
              {WEB_TEXTS.common.tryAgain}
            </Button>
          </PageBody>
        )}
      </>
    );
  }

  const detail = detailQuery.data;
  const { shipment } = detail;
  const onIgnoredChange = (reply: SkipDeliveryOrderResponse) =>
    cache.apply((current) => ({
      ...current,
      shipment: { ...current.shipment, ignored_shipment: reply.ignored_shipment },
    }));

  const onOrdersChange = (update: DeliveryOrdersUpdate) =>
    cache.apply((current) => ({
      ...current,
      shipment: { ...current.shipment, delivery_orders: update(current.shipment.delivery_orders) },
    }));

  return (
    <>
      <PageHeader
        title={WEB_TEXTS.shipment.shipmentNumber}
        number={shipment.file_number}
        documentTitle={`${WEB_TEXTS.shipment.shipmentTitle} ${shipment.file_number}`}
        breadcrumbs={BREADCRUMBS}
        extra={navigation}
      />
      <PageBody>
        <DetailColumns
          left={
            <>
              <ShipmentProgress shipment={shipment} isReadOnly={isReadOnlyRole} />
              {!isReadOnlyRole && (
                <DeliveryOrdersSection
                  shipment={shipment}
                  settings={DELIVERY_ORDER_SETTINGS}
                  lastFreeDays={lastFreeDays}
                  onIgnoredChange={onIgnoredChange}
                  onOrdersChange={onOrdersChange}
                  brokerEmail={brokerEmail}
                />
              )}
              {!isReadOnlyRole && <ShipmentNotes shipmentId={shipment.id} notes={shipment.shipment_notes} />}
            </>
          }
          right={
            <>
              <ShipmentInfo shipment={shipment} isReadOnly={isReadOnlyRole} />
              <ShipmentUpdates shipment={shipment} />
              {!isReadOnlyRole && (
                <Review7501
                  shipmentId={shipment.id}
                  pathTo7501={shipment.path_to_7501}
                  reviewed={detail['7501_reviewed']}
                />
              )}
              {!isReadOnlyRole && <ShipmentFiles shipment={shipment} />}
              <AdditionalFiles documents={shipment.supplementary_documents} />
              <ContainerFreeDaysPanel shipmentId={shipment.id} />
              <CustomsEntryPanel shipmentId={shipment.id} canDecide={!isReadOnlyRole} />
            </>
          }
        />
      </PageBody>
    </>
  );
}

/**
 * Shipment detail (spec section 2). Role 11 gets the read-only view of spec section 6: step 1
 * only, no delivery order area, no notes, no 7501 toggle, no file links, and the reference
 * number as text.
 */
export function ShipmentRoute() {
  const { id = '' } = useParams();
  const shipmentId = Id.safeParse(id);
  if (!shipmentId.success) {
    return (
      <>
        <PageHeader title={WEB_TEXTS.shipment.shipmentTitle} breadcrumbs={BREADCRUMBS} />
        <ShipmentNotFound />
      </>
    );
  }
  // Keyed by shipment, so stepping to the next one starts with a fresh page: no half-typed
  // reference or note carries over.
  return <ShipmentPage key={shipmentId.data} shipmentId={shipmentId.data} />;
}
