import { DownloadOutlined } from '@ant-design/icons';
import type { DataOf } from '@trialab/api-contract';
import { Button, Card, Input, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimeAs } from '../../../components/format';
import type { Contract } from '../../../services/contract';
import { downloadEndpoint } from '../../../services/endpoint';
import { useEndpointQuery } from '../../../services/query';

type DataFile = DataOf<Contract['testItems']['dataFiles']>[number];
const NONE: DataFile[] = [];

/** /laboratory/tech-library: the technical documents (SOPs, method files) attached to the test items. */
export default function TechLibraryPage() {
  const { t } = useTranslation();
  const { t: l } = useTranslation('lab', { keyPrefix: 'library' });
  // Every item's files at once (not paged): the search narrows them here.
  const query = useEndpointQuery((c) => c.testItems.dataFiles, { query: {} });
  const files = query.data?.data ?? NONE;
  const [keyword, setKeyword] = useState('');

  const shown = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    if (!k) return files;
    return files.filter((f) =>
      [f.name, f.testItemCode, f.testItemName].some((v) => v.toLowerCase().includes(k)),
    );
  }, [files, keyword]);

  return (
    <Card>
      <Input.Search
        allowClear
        maxLength={64}
        placeholder={l('search')}
        onSearch={setKeyword}
        onChange={(e) => setKeyword(e.target.value)}
        style={{ maxWidth: 360, marginBottom: 12 }}
      />
      <Table<DataFile>
        rowKey={(f) => `${f.testItemId}-${f.id}`}
        size="small"
        loading={query.isFetching}
        dataSource={shown}
        columns={[
          { dataIndex: 'name', title: l('file') },
          { dataIndex: 'testItemCode', title: t('lab.testItem.code') },
          { dataIndex: 'testItemName', title: t('lab.testItem.name') },
          {
            dataIndex: 'size',
            title: l('size'),
            render: (v: number) => `${(v / 1024).toFixed(1)} KB`,
          },
          {
            dataIndex: 'createdAt',
            title: l('uploadedAt'),
            render: (v: string) => formatTimeAs(v, 'minute'),
          },
          {
            dataIndex: 'actions',
            title: t('lab.shared.actions'),
            render: (_: unknown, f: DataFile) => (
              <Button
                type="link"
                size="small"
                icon={<DownloadOutlined />}
                onClick={() =>
                  void downloadEndpoint((c) => c.system.fileDownload, { params: { id: f.id } }, f.name)
                }
              >
                {l('download')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
