/** /platform/role and /platform/create-role. */
export const roles = {
  list: {
    name: '角色名称',
    code: '角色编码',
    status: '状态',
    remark: '备注',
    permissionCount: '权限数',
    create: '新建角色',
    edit: '编辑',
    remove: '删除',
    enable: '启用',
    disable: '停用',
    removedOk: '角色已删除',
    statusOk: '状态已更新',
  },
  reason: {
    title: '变更原因',
    placeholder: '请填写本次角色或权限变更的原因（将记入审计追踪）',
    required: '请填写变更原因',
  },
  form: {
    createTitle: '新建角色',
    editTitle: '编辑角色',
    basic: '基本信息',
    permissions: '权限',
    codeRule: '以小写字母开头，2~32位小写字母、数字、下划线或短横线',
    savedOk: '角色已保存',
    expandAll: '全部展开',
    collapseAll: '全部收起',
    types: { '1': '目录', '2': '菜单', '3': '按钮', '4': '标签页' },
  },
};
