import { GrantList } from '../../../components/ProjectSiteFields/GrantList';

/** /platform/external-permission: the projects and sites each site user sees. */
export default function ExternalPermissionPage() {
  return <GrantList external />;
}
