import { GrantList } from '../../../components/ProjectSiteFields/GrantList';

/** /platform/internal-permission: the projects each staff member works on. */
export default function InternalPermissionPage() {
  return <GrantList external={false} />;
}
