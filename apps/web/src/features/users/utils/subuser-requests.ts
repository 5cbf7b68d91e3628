import { SubuserCreateRequest, SubuserUpdateRequest, type Subuser } from '@clearport/contract/subusers';
import { toFlag } from '@clearport/contract/http';

/** What the editor holds. */
export type SubuserFormValues = {
  name: string;
  email: string;
  /** Empty: no typed password (a new user then needs the set-password e-mail; an edit keeps it). */
  password: string;
  sendPasswordLink: boolean;
  role: number | null;
  linkedAccounts: string[];
  active: boolean;
};

export function formValuesOf(subuser: Subuser | undefined): SubuserFormValues {
  return {
    name: subuser?.name ?? '',
    email: subuser?.email ?? '',
    password: '',
    sendPasswordLink: false,
    role: subuser?.role ?? null,
    linkedAccounts: subuser ? [...subuser.linked_accounts] : [],
    active: subuser ? subuser.active === 1 : true,
  };
}

type Checked<T> = { body: T; error?: undefined } | { body?: undefined; error: string; field?: string };

/** The first reason of a schema's refusal and its field: the form checks with the server's own schema. */
function firstIssue(issues: ReadonlyArray<{ message: string; path: readonly PropertyKey[] }>) {
  const [issue] = issues;
  const field = issue?.path[0];
  return { error: issue?.message ?? '', field: typeof field === 'string' ? field : undefined };
}

/** POST user/user/subusers's body, or the first reason the server would refuse it. */
export function createRequestOf(values: SubuserFormValues, companyId: number): Checked<SubuserCreateRequest> {
  const result = SubuserCreateRequest.safeParse({
    name: values.name,
    email: values.email,
    password: values.password === '' ? undefined : values.password,
    send_password_link: values.sendPasswordLink || undefined,
    role: values.role,
    linkedAccounts: values.linkedAccounts,
    company_id: companyId,
  });
  return result.success ? { body: result.data } : firstIssue(result.error.issues);
}

const sameAccounts = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().every((accountNo, index) => accountNo === [...b].sort()[index]);

/** PATCH user/user/subusers/{id}'s body: only what changed, or the first reason it would be refused. */
export function updateRequestOf(values: SubuserFormValues, subuser: Subuser): Checked<SubuserUpdateRequest> {
  const changes: Record<string, unknown> = {};
  if (values.name.trim() !== subuser.name) changes.name = values.name;
  if (values.email.trim() !== subuser.email) changes.email = values.email;
  if (values.password !== '') changes.password = values.password;
  if (values.sendPasswordLink) changes.send_password_link = true;
  if (values.role !== subuser.role) changes.role = values.role;
  if (!sameAccounts(values.linkedAccounts, subuser.linked_accounts)) changes.linkedAccounts = values.linkedAccounts;
  if (toFlag(values.active) !== subuser.active) changes.active = toFlag(values.active);
  const result = SubuserUpdateRequest.safeParse(changes);
  return result.success ? { body: result.data } : firstIssue(result.error.issues);
}
