import { SIGN_IN_TEXTS } from './sign-in-texts.ts';

/** Every text the specification quotes, exactly as quoted. */
export const TEXTS = {
  ...SIGN_IN_TEXTS,
  comingSoonTitle: 'Coming Soon',
  comingSoonText: 'Page Coming Soon',

  greetingMorning: 'Good morning',
  greetingAfternoon: 'Good afternoon',
  greetingEvening: 'Good evening',
  greetingFallbackName: 'User',

  serverNotResponding: 'Server not responding, please contact us',
  shipmentFetchFailed: 'Unable to fetch shipment data, please try again later.',
  shipmentsLoadFailed: 'Failed to load shipments',

  settingsFetchFailed: 'Failed to fetch user settings.',
  settingsFetchError: 'An error occurred while fetching user settings.',
  settingsUnsavedChanges: 'You have unsaved changes. Are you sure you want to leave?',
  browserUnsavedChanges: 'Changes that you made may not be saved.',
  truckersInUse: "Could not delete truckers because they're being used in a delivery order",
  warehousesInUse: "Could not delete warehouses because they're being used in a delivery order",

  warehouseCreated: 'Warehouse created successfully!',
  warehouseCreateFailed: 'Failed to create warehouse',
  warehouseFormTitle: 'New Warehouse',
  warehouseCreateButton: 'Create Warehouse',
  warehouseCreating: 'Creating...',
  warehouseNameLabel: 'Warehouse Name',
  warehouseContactLabel: 'Contact Name',
  warehousePhoneLabel: 'Phone Number',
  warehouseAddressLabel: 'Street Address',
  warehouseCityLabel: 'City',
  warehouseStateLabel: 'State',
  warehouseZipLabel: 'ZIP',
  truckerFormTitle: 'New Trucker',
  truckerCreated: 'Trucker created successfully',
  truckerCreateFailed: 'Failed to create trucker',
  truckerCreateError: 'An error occurred while creating the trucker.',
  cannotBeEmpty: 'Cannot be empty',
  maxTruckerCc: 'Maximum 10 emails per trucker.',

  deliveryOrderSent: 'Delivery Order sent successfully!',
  deliveryOrderSendFailed: 'Error sending Delivery Order. Please try again later.',
  /** {email} is the brokerage's contact address. */
  missingContainer:
    'This shipment is still missing a container number. Please wait for that information to be available or contact {email}.',

  ignoreUpdated: 'Shipment ignore status updated successfully!',
  ignoreFailed: 'Something went wrong, please try again later.',
  ignoreUnableToUpdate: 'Unable to update shipment ignore status, please try again later.',

  noteSubmitted: 'Note successfully submitted.',
  documentDeleted: 'Document deleted successfully.',
  referenceUnsaved: "The reference number wasn't saved. Are you sure you want to leave?",
  /** {file} is the file name. */
  uploadWrongType: "Couldn't upload {file} - File type should be pdf, excel or png.",
  /** {file} is the file name, {reason} the rejection's reason. */
  uploadRejected: "Couldn't upload {file} - {reason}",
  /** 413: the company's documents would pass its storage quota. {file} is the file name, {quota} the quota. */
  uploadQuotaExceeded:
    "Couldn't upload {file} - your company's documents would exceed their {quota} of storage. Please delete files you no longer need, or contact your broker.",
  /** 429: more uploads a minute than one user may send. {seconds} is the wait. */
  uploadsTooFast: 'Too many uploads. Please try again in {seconds} seconds.',
  shipmentAwaitingRelease: 'Shipment is Awaiting Release',
  notAvailable: 'NOT AVAILABLE',

  /** Every list's search box and pager (spec section 2: the shipments list's filters and pager). */
  searchPlaceholder: 'Search',
  previousPage: 'Previous',
  nextPage: 'Next',

  noMasterBills: 'No master bill lading info provided',
  noContainers: 'No containers info provided',

  subuserAddError: 'There was an error adding the user.',
  subuserUpdateError: 'There was an error updating the user.',
  subuserCreated: 'Subuser created',
  subuserUpdated: 'Update successful',
  subuserInvalidRole: 'Please select a valid role for the subuser.',
  noUsersFound: 'No users found',
  accountsFetchFailed: 'Failed to fetch accounts',
  accountsFetchError: 'An unexpected error occurred while fetching accounts.',

  paid: 'Paid',
  notPaid: 'Not Paid',
  overdue: 'Overdue',
  paymentStatusAll: 'All',
  allAccounts: 'All Accounts',
  billingTitle: 'Billing',
  invoiceTitle: 'Invoice #',
  paymentAchWire: 'ACH/Wire',
  paymentQuickpayZelle: 'Quickpay/Zelle',
  paymentEmailCheck: 'E-mail a check image',
  paymentMailCheck: 'Mail a check',
  paymentInstructionsMissing: 'Payment instructions are not available yet. Please contact us.',
  openTotal: 'Open total',
  exportCsv: 'Export CSV',
  openPdf: 'Open PDF',
  downloadBackup: 'Download Backup',
  viewShipment: 'View Shipment',
  noInvoicesFound: 'No invoices found',
  invoiceNotFound: 'Invoice not found',
  billingNotAvailable: 'Your role does not include billing.',

  /** Suffixes of the delivery order dropdowns (spec section 4), and their extra option. */
  assignedLabel: '(Assigned)',
  deletedLabel: '(Deleted)',
  addNewOption: 'Add New',
} as const;

export type TextKey = keyof typeof TEXTS;

/** Fills the {name} placeholders of a quoted text. */
export function fillText(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
