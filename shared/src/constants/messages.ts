import { GENERIC_ERROR_MESSAGE } from '../client.ts';

/** The shared generic error toast (spec §8), defined once in client.ts. */
export { GENERIC_ERROR_MESSAGE };

/** Generic success text (spec §8). */
export const RECORD_ADDED_MESSAGE = 'Record added successfully';

/** Contact-us form messages, in the order the checks run (spec §5). */
export const CONTACT_FORM_MESSAGES = {
  name: 'Please Enter Name',
  email: 'Please Enter Email',
  mobileNo: 'Invalid Mobile Number',
  message: 'Please Enter Message',
} as const;

/** The 404 page (spec §2). */
export const NOT_FOUND_MESSAGE = 'Sorry, page not found';
export const GO_BACK_LABEL = 'Go Back';

/** Group filter dropdown texts (spec §2). */
export const GROUP_FILTER_TEXTS = {
  allGroups: 'All Groups',
  searchPlaceholder: 'Search groups...',
  loading: 'Loading...',
} as const;
