import { toFlag } from '@clearport/contract/http';
import type { ShipmentDetailResponse } from '@clearport/contract/shipment-detail';

/** The detail with `types` marked submitted or not, and the status the server answered with. */
export function withTypesSubmitted(types: readonly string[], isSubmitted: boolean, status: string) {
  return (detail: ShipmentDetailResponse): ShipmentDetailResponse => ({
    ...detail,
    shipment: {
      ...detail.shipment,
      status,
      types: detail.shipment.types.map((entry) =>
        types.includes(entry.type) ? { ...entry, submitted: toFlag(isSubmitted) } : entry,
      ),
    },
  });
}
