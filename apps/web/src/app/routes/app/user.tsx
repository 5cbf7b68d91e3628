import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ROLES } from '@clearport/contract/roles';
import { canChangeUser, SUBUSER_ERRORS, type Subuser } from '@clearport/contract/subusers';
import { fillText, TEXTS } from '@clearport/contract/texts';
import { PageBody } from '../../../components/layouts/page-body.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { NEW_USER_ID, paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { getProfileQueryOptions } from '../../../features/auth/api/get-profile.ts';
import { useCreateSubuser } from '../../../features/users/api/create-subuser.ts';
import { forgetDeletedSubuser, useDeleteSubuser } from '../../../features/users/api/delete-subuser.ts';
import { accountsFailureText, useAccounts } from '../../../features/users/api/get-accounts.ts';
import { getSubuserQueryOptions, useSubuser } from '../../../features/users/api/get-subuser.ts';
import { parseUserId } from '../../../features/users/api/prefetch-user.ts';
import { useResetUserTwoFactor } from '../../../features/users/api/reset-user-two-factor.ts';
import { useUpdateSubuser } from '../../../features/users/api/update-subuser.ts';
import { SubuserForm } from '../../../features/users/components/subuser-form.tsx';
import { SubuserSessions } from '../../../features/users/components/subuser-sessions.tsx';
import { useNavigationMessage, type MessageState } from '../../../features/users/hooks/use-navigation-message.ts';
import type { TimedMessage } from '../../../features/users/hooks/use-timed-message.ts';
import {
  createRequestOf,
  formValuesOf,
  updateRequestOf,
  type SubuserFormValues,
} from '../../../features/users/utils/subuser-requests.ts';
import { ApiError, hasStatus } from '../../../lib/api-client.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TWO_FACTOR_TEXTS } from '@clearport/contract/two-factor-forms';

/** The server's own refusal when it gave one (spec section 8), otherwise the editor's text. */
function refusalOf(failure: unknown, fallback: string): TimedMessage {
  if (failure instanceof ApiError && failure.status >= 400 && failure.status !== 500) {
    return { tone: 'error', text: failure.text, field: failure.field };
  }
  return { tone: 'error', text: fallback };
}

/** The sub-user editor; the id new-user creates one (spec section 2). */
export function UserRoute() {
  const { id = '' } = useParams();
  const isNew = id === NEW_USER_ID;
  const userId = isNew ? null : parseUserId(id);
  const subuserQuery = useSubuser(userId ?? 0, { enabled: userId !== null });
  const title = isNew ? WEB_TEXTS.users.newUserTitle : WEB_TEXTS.users.editUserTitle;
  const name = isNew ? undefined : subuserQuery.data?.subuser.name;
  const documentTitle = name ? fillText(WEB_TEXTS.users.editUserDocumentTitle, { name }) : title;

  let content;
  if (!isNew && userId === null) {
    content = <FormMessage tone="error">{SUBUSER_ERRORS.userNotFound}</FormMessage>;
  } else if (!isNew && subuserQuery.isPending) {
    content = <p role="status">{WEB_TEXTS.users.loadingUser}</p>;
  } else if (!isNew && subuserQuery.isError) {
    const text = hasStatus(subuserQuery.error, 404) ? SUBUSER_ERRORS.userNotFound : TEXTS.genericError;
    content = <FormMessage tone="error">{text}</FormMessage>;
  } else if (subuserQuery.data?.subuser.role === ROLES.primary) {
    content = <FormMessage tone="error">{SUBUSER_ERRORS.primaryLocked}</FormMessage>;
  } else {
    content = <UserEditor key={id} subuser={isNew ? undefined : subuserQuery.data?.subuser} />;
  }

  return (
    <>
      <PageHeader
        title={title}
        documentTitle={documentTitle}
        breadcrumbs={[
          { link: paths.home.getHref(), title: WEB_TEXTS.layout.navHome },
          { link: paths.users.getHref(), title: WEB_TEXTS.layout.navUsers },
          { link: paths.user.getHref(id), title },
        ]}
      />
      <PageBody>
        {content}
        <p>
          <Link to={paths.users.getHref()}>{WEB_TEXTS.users.backToUsers}</Link>
        </p>
      </PageBody>
    </>
  );
}

/** The form of a new user (no `subuser`) or of an existing one, with its saves and messages. */
function UserEditor({ subuser }: { subuser: Subuser | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [message, showMessage] = useNavigationMessage();
  // A new form after each save, so the password and the e-mail tick start empty again.
  const [formVersion, setFormVersion] = useState(0);
  const accountsQuery = useAccounts();
  const createMutation = useCreateSubuser();
  const updateMutation = useUpdateSubuser(subuser?.id ?? 0);
  const deleteMutation = useDeleteSubuser(subuser?.id ?? 0);
  const resetTwoFactorMutation = useResetUserTwoFactor(subuser?.id ?? 0);
  const profileQuery = useQuery(getProfileQueryOptions());
  const isOwn = subuser !== undefined && subuser.id === profileQuery.data?.id;

  const showError = (text: string, field?: string) => showMessage({ tone: 'error', text, field });
  const callerAccounts = accountsQuery.data?.accounts.map((account) => account.account_no);
  // The server refuses the same (403); until the accounts arrive, its answer decides.
  const isOutsideCallerAccounts =
    subuser !== undefined && callerAccounts !== undefined && !canChangeUser(subuser.linked_accounts, callerAccounts);

  const create = async (values: SubuserFormValues) => {
    let companyId: number;
    try {
      // The spec's body names the company; the profile is usually cached already.
      companyId = (await queryClient.ensureQueryData(getProfileQueryOptions())).company.id;
    } catch {
      return showError(TEXTS.subuserAddError);
    }
    const checked = createRequestOf(values, companyId);
    if (checked.error !== undefined) return showError(checked.error, checked.field);
    createMutation.mutate(checked.body, {
      onSuccess: (reply) => {
        queryClient.setQueryData(getSubuserQueryOptions(reply.subuser.id).queryKey, { subuser: reply.subuser });
        const state: MessageState = { message: { tone: 'success', text: reply.message } };
        void navigate(paths.user.getHref(reply.subuser.id), { replace: true, state });
      },
      onError: (failure) => showMessage(refusalOf(failure, TEXTS.subuserAddError)),
    });
  };

  const update = (current: Subuser, values: SubuserFormValues) => {
    const checked = updateRequestOf(values, current);
    if (checked.error !== undefined) return showError(checked.error, checked.field);
    updateMutation.mutate(checked.body, {
      onSuccess: (reply) => {
        setFormVersion((version) => version + 1);
        showMessage({ tone: 'success', text: reply.message });
      },
      onError: (failure) => showMessage(refusalOf(failure, TEXTS.subuserUpdateError)),
    });
  };

  const remove = (current: Subuser) => {
    if (!window.confirm(fillText(WEB_TEXTS.users.confirmDeleteUser, { name: current.name }))) return;
    deleteMutation.mutate(undefined, {
      onSuccess: async (reply) => {
        const state: MessageState = { message: { tone: 'success', text: reply.message } };
        await navigate(paths.users.getHref(), { state });
        forgetDeletedSubuser(queryClient, current.id);
      },
      onError: (failure) => showMessage(refusalOf(failure, TEXTS.genericError)),
    });
  };

  const resetTwoFactor = () => {
    if (!window.confirm(TWO_FACTOR_TEXTS.confirmResetForUser)) return;
    resetTwoFactorMutation.mutate(undefined, {
      onSuccess: (reply) => showMessage({ tone: 'success', text: reply.message }),
      onError: (failure) => showMessage(refusalOf(failure, TEXTS.genericError)),
    });
  };

  return (
    <>
      <SubuserForm
        key={formVersion}
        initialValues={formValuesOf(subuser)}
        isNew={subuser === undefined}
        accounts={accountsQuery.data?.accounts}
        accountsFailure={accountsQuery.isError ? accountsFailureText(accountsQuery.error) : null}
        isSaving={createMutation.isPending || updateMutation.isPending}
        isDeleting={deleteMutation.isPending}
        message={message}
        readOnlyReason={isOutsideCallerAccounts ? SUBUSER_ERRORS.outsideAccounts : undefined}
        isOwn={isOwn}
        onSubmit={(values) => (subuser ? update(subuser, values) : void create(values))}
        onDelete={subuser ? () => remove(subuser) : undefined}
      />
      {subuser && !isOutsideCallerAccounts && !isOwn && (
        <p>
          <Button variant="secondary" onClick={resetTwoFactor} isPending={resetTwoFactorMutation.isPending}>
            {TWO_FACTOR_TEXTS.resetForUser}
          </Button>
        </p>
      )}
      {subuser && !isOutsideCallerAccounts && <SubuserSessions userId={subuser.id} />}
    </>
  );
}
