/** /platform/role and /platform/create-role. */
export const roles = {
  list: {
    name: 'Role name',
    code: 'Role code',
    status: 'Status',
    remark: 'Remark',
    permissionCount: 'Permissions',
    create: 'New role',
    edit: 'Edit',
    remove: 'Delete',
    enable: 'Enable',
    disable: 'Disable',
    removedOk: 'Role deleted',
    statusOk: 'Status updated',
  },
  reason: {
    title: 'Reason for the change',
    placeholder: 'Why is this role or permission changed? (kept in the audit trail)',
    required: 'Please give a reason for the change',
  },
  form: {
    createTitle: 'New role',
    editTitle: 'Edit role',
    basic: 'Basic information',
    permissions: 'Permissions',
    codeRule: 'A lowercase letter first, then 2 to 32 lowercase letters, digits, underscores or hyphens',
    savedOk: 'Role saved',
    expandAll: 'Expand all',
    collapseAll: 'Collapse all',
    types: { '1': 'Directory', '2': 'Menu', '3': 'Button', '4': 'Tab' },
  },
};
