import { PaperClipOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Upload, type UploadFile } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadEndpoint } from '../../services/endpoint';
import { fileObjectUrl, uploadPicked } from '../../services/files';
import { feedback } from '../../utils/feedback';
import { useAction } from '../FormModal';
import { ImagePreview } from '../ImagePreview';

/** At most 9 images and 9 documents per reply (the contract's `fileIds` limit). */
export const MAX_REPLY_FILES = 9;
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** Uploaded images (signed downloads as object URLs, revoked when the list goes). */
export function FileImages({ fileIds }: { fileIds: readonly number[] }) {
  const [urls, setUrls] = useState<string[]>([]);
  const key = fileIds.join(',');
  useEffect(() => {
    let live = true;
    const made: string[] = [];
    const ids = key ? key.split(',').map(Number) : [];
    Promise.all(
      ids.map(async (id) => {
        const url = await fileObjectUrl(id);
        made.push(url);
        return url;
      }),
    )
      .then((all) => {
        if (live) setUrls(all);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      for (const u of made) URL.revokeObjectURL(u);
    };
  }, [key]);
  if (urls.length === 0) return null;
  return (
    <div style={{ maxWidth: 360, marginTop: 8 }}>
      <ImagePreview images={urls} />
    </div>
  );
}

type Uploaded = UploadFile & { fileId?: number };

/** Documents a reply may carry besides images (the server's file module has the final word). */
const DOCUMENT_EXTENSIONS = ['.pdf', '.doc', '.docx', '.xls', '.xlsx', '.csv', '.txt', '.zip'];

/**
 * Files of a reply, images or documents: each is uploaded when chosen (POST /file/upload, type and
 * size checked by the server too); `onChange` gets the ids of the uploaded ones.
 */
export function ReplyFileUpload({
  kind,
  onChange,
  resetKey,
}: {
  kind: 'image' | 'document';
  onChange(ids: number[]): void;
  resetKey: number;
}) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<Uploaded[]>([]);
  // A sent reply starts a new, empty list.
  useEffect(() => setFiles([]), [resetKey]);
  const update = (next: Uploaded[]) => {
    setFiles(next);
    onChange(next.flatMap((f) => (f.status === 'done' && f.fileId ? [f.fileId] : [])));
  };
  const allowed = (file: File) =>
    kind === 'image'
      ? IMAGE_TYPES.includes(file.type)
      : DOCUMENT_EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(ext));
  return (
    <Upload
      listType={kind === 'image' ? 'picture-card' : 'text'}
      accept={(kind === 'image' ? IMAGE_TYPES : DOCUMENT_EXTENSIONS).join(',')}
      multiple
      fileList={files}
      data-testid={`reply-${kind}s`}
      beforeUpload={(file) => {
        if (!allowed(file)) {
          feedback.warning(t(`portalAdmin.reply.${kind}Only`, { name: file.name }));
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        uploadPicked(file as File)
          .then((uploaded) => onSuccess?.(uploaded))
          .catch((error: Error) => onError?.(error));
      }}
      onChange={({ fileList }) =>
        update(
          fileList
            .filter((f) => f.status !== 'error')
            .map((f) => ({
              ...f,
              fileId: (f.response as { id?: number } | undefined)?.id ?? (f as Uploaded).fileId,
            })),
        )
      }
    >
      {files.length < MAX_REPLY_FILES &&
        (kind === 'image' ? (
          <div>
            <PlusOutlined />
            <div style={{ marginTop: 4 }}>{t('portalAdmin.reply.addImage')}</div>
          </div>
        ) : (
          <Button icon={<UploadOutlined />}>{t('portalAdmin.reply.addAttachment')}</Button>
        ))}
    </Upload>
  );
}

/** The documents of a reply as download links. */
export function AttachmentLinks({ files }: { files: ReadonlyArray<{ fileId: number; name: string }> }) {
  const [run] = useAction();
  if (files.length === 0) return null;
  return (
    <div style={{ marginTop: 8 }}>
      {files.map((f) => (
        <Button
          key={f.fileId}
          type="link"
          size="small"
          icon={<PaperClipOutlined />}
          onClick={() =>
            void run(() =>
              downloadEndpoint((c) => c.system.fileDownload, { params: { id: f.fileId } }, f.name),
            )
          }
        >
          {f.name}
        </Button>
      ))}
    </div>
  );
}
