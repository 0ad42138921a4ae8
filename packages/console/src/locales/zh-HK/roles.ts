/** /platform/role and /platform/create-role. */
export const roles = {
  list: {
    name: '角色名稱',
    code: '角色編碼',
    status: '狀態',
    remark: '備註',
    permissionCount: '權限數',
    create: '新建角色',
    edit: '編輯',
    remove: '刪除',
    enable: '啟用',
    disable: '停用',
    removedOk: '角色已刪除',
    statusOk: '狀態已更新',
  },
  reason: {
    title: '變更原因',
    placeholder: '請填寫本次角色或權限變更的原因（將記入審計追蹤）',
    required: '請填寫變更原因',
  },
  form: {
    createTitle: '新建角色',
    editTitle: '編輯角色',
    basic: '基本信息',
    permissions: '權限',
    codeRule: '以小寫字母開頭，2~32位小寫字母、數字、底線或短橫線',
    savedOk: '角色已保存',
    expandAll: '全部展開',
    collapseAll: '全部收起',
    types: { '1': '目錄', '2': '菜單', '3': '按鈕', '4': '標籤頁' },
  },
};
