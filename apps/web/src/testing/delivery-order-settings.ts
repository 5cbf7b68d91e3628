// The delivery order feature's tests run its editor with the settings the app gives it.
export { DELIVERY_ORDER_SETTINGS } from '../app/delivery-order-settings.ts';
