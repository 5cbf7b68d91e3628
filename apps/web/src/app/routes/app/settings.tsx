import { useDeferredValue } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { canEditCompanyLists } from '@clearport/contract/roles';
import { TEXTS } from '@clearport/contract/texts';
import { PageBody } from '../../../components/layouts/page-body.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { LoadingPage } from '../../../components/ui/loading-page.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { getProfileQueryOptions } from '../../../features/auth/api/get-profile.ts';
import { EntryApprovalRuleSettings } from '../../../features/customs-entries/components/entry-approval-rule.tsx';
import { useSettings } from '../../../features/settings/api/get-settings.ts';
import { DemurrageAlertsSettings } from '../../../features/settings/components/demurrage-alerts-settings.tsx';
import { SessionsSettings } from '../../../features/settings/components/sessions-settings.tsx';
import { SettingsEditor } from '../../../features/settings/components/settings-editor.tsx';
import { TwoFactorSettings } from '../../../features/settings/components/two-factor-settings.tsx';
import { useFailureAlert } from '../../../hooks/use-failure-alert.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { readSession } from '../../../lib/session.ts';

/** A reply that is not OK, or no reply at all (spec section 8). */
const loadFailureOf = (error: unknown) =>
  error instanceof ApiError && error.status !== 0 ? TEXTS.settingsFetchFailed : TEXTS.settingsFetchError;

export function SettingsRoute() {
  const settingsQuery = useSettings();
  // Spec section 8: a settings load that fails alerts Server not responding as well, once a failure.
  useFailureAlert(settingsQuery, TEXTS.serverNotResponding);
  // The page's first drawing (the lists, truckers and warehouses) was one long task on a phone
  // (about 340 ms at Lighthouse's 4x CPU slowdown); React draws it in a render it can pause for
  // input, the loading screen staying until it is drawn.
  const settings = useDeferredValue(settingsQuery.data);
  const queryClient = useQueryClient();
  // Home shows its approval box by the profile's rule.
  const refreshProfile = () => void queryClient.invalidateQueries({ queryKey: getProfileQueryOptions().queryKey });
  const canEditLists = canEditCompanyLists(readSession()?.role ?? 0);
  if (settingsQuery.isPending || (settingsQuery.isSuccess && settings === undefined)) return <LoadingPage />;
  return (
    <>
      <PageHeader
        title={WEB_TEXTS.layout.navSettings}
        breadcrumbs={[
          { link: paths.home.getHref(), title: WEB_TEXTS.layout.navHome },
          { link: paths.settings.getHref(), title: WEB_TEXTS.layout.navSettings },
        ]}
      />
      <PageBody>
        {settingsQuery.isError ? (
          <FormMessage tone="error">{loadFailureOf(settingsQuery.error)}</FormMessage>
        ) : (
          settings && (
            <SettingsEditor user={settings.user} canEditLists={canEditLists} isRefreshing={settingsQuery.isFetching} />
          )
        )}
        <DemurrageAlertsSettings isReadOnly={!canEditLists} />
        <EntryApprovalRuleSettings onSaved={refreshProfile} />
        <TwoFactorSettings />
        <SessionsSettings />
      </PageBody>
    </>
  );
}
