import { DownloadOutlined } from '@ant-design/icons';
import type { EndpointDef } from '@trialab/api-contract';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { Permission } from '../access/gates';
import type { Contract } from '../services/contract';
import { type CallInput, downloadEndpoint } from '../services/endpoint';
import { useAction } from './FormModal';

interface ExportButtonProps<E extends EndpointDef> {
  /** The export endpoint, picked from the contract like every call. */
  endpoint: (api: Contract) => E;
  /** What it exports (a list's current filter); none keeps the button disabled. */
  input: CallInput<E> | null;
  fileName: string;
  /** Shown only to users who hold one of these (the server checks them again). */
  permission?: string[];
  children: ReactNode;
  'data-testid'?: string;
}

/** Downloads what an endpoint exports as a file; busy while it comes, failures shown by the request helper. */
export function ExportButton<E extends EndpointDef>({
  endpoint,
  input,
  fileName,
  permission,
  children,
  'data-testid': testId,
}: ExportButtonProps<E>) {
  const [run, exporting] = useAction();
  const button = (
    <Button
      icon={<DownloadOutlined />}
      disabled={input === null}
      loading={exporting}
      onClick={() => input && void run(() => downloadEndpoint(endpoint, input, fileName))}
      data-testid={testId}
    >
      {children}
    </Button>
  );
  return permission ? <Permission value={permission}>{button}</Permission> : button;
}
