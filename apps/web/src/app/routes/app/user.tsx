import { useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { NotAvailable } from '../../../components/ui/not-available.tsx';
import { NEW_USER_ID, paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';

/** The sub-user editor; the id new-user creates one (spec section 2). */
export function UserRoute() {
  const { id = '' } = useParams();
  const title = id === NEW_USER_ID ? WEB_TEXTS.users.newUserTitle : WEB_TEXTS.users.editUserTitle;
  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[
          { link: paths.home.getHref(), title: WEB_TEXTS.layout.navHome },
          { link: paths.users.getHref(), title: WEB_TEXTS.layout.navUsers },
          { link: paths.user.getHref(id), title },
        ]}
      />
      <NotAvailable />
    </>
  );
}
