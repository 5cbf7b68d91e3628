import { TWO_FACTOR_ERRORS } from '@clearport/contract/two-factor-forms';
import { listedRefusal, type Refusal } from '../../lib/refusal.ts';

/** How the two-factor calls are refused (contract: TWO_FACTOR_ERRORS). */
export const CODE_WRONG = listedRefusal(400, TWO_FACTOR_ERRORS.codeWrong, 'code');
export const RECOVERY_CODE_WRONG = listedRefusal(400, TWO_FACTOR_ERRORS.recoveryCodeWrong, 'code');
export const APP_KEY_UNREADABLE = listedRefusal(400, TWO_FACTOR_ERRORS.appKeyUnreadable, 'code');
export const TOO_MANY_WRONG_CODES = listedRefusal(429, TWO_FACTOR_ERRORS.tooManyWrongCodes, 'code');
export const CHALLENGE_EXPIRED = listedRefusal(401, TWO_FACTOR_ERRORS.challengeExpired, 'challenge');
export const NOT_ENROLLED = listedRefusal(400, TWO_FACTOR_ERRORS.notEnrolled);
export const ALREADY_ENROLLED = listedRefusal(400, TWO_FACTOR_ERRORS.alreadyEnrolled);
export const NO_SETUP_STARTED = listedRefusal(400, TWO_FACTOR_ERRORS.noSetupStarted, 'code');
export const REQUIRED_BY_COMPANY = listedRefusal(400, TWO_FACTOR_ERRORS.requiredByCompany);
export const NOT_ALLOWED: Refusal = { status: 403, message: TWO_FACTOR_ERRORS.notAllowed };
