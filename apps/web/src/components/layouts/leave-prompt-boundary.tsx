import { useEffect, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { UnsavedChangesContext, type UnsavedChanges } from '../../hooks/use-leave-prompt.ts';

/**
 * The one blocker of the pages inside it: going to another page while any form has unsaved
 * changes (useLeavePrompt) asks that form's question, and stays unless confirmed.
 */
export function LeavePromptBoundary({ children }: { children: ReactNode }) {
  const [unsavedChanges] = useState<UnsavedChanges>(() => new Map());
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsavedChanges.size > 0 && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const [message = ''] = unsavedChanges.values();
    if (window.confirm(message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, unsavedChanges]);

  return <UnsavedChangesContext value={unsavedChanges}>{children}</UnsavedChangesContext>;
}
