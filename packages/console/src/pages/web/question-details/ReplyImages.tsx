import { PlusOutlined } from '@ant-design/icons';
import { Upload, type UploadFile } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePreview } from '../../../components/ImagePreview';
import { fileObjectUrl } from '../../../services/lab';
import { uploadPicked } from '../../../services/portalAdmin';
import { feedback } from '../../../utils/feedback';

/** SPEC: at most 9 images per reply (the contract's `fileIds` limit). */
export const MAX_REPLY_IMAGES = 9;
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

/**
 * Images of a reply: each is uploaded when chosen (POST /file/upload, type and size checked by the
 * server too); `onChange` gets the ids of the uploaded ones.
 */
export function ReplyImageUpload({
  onChange,
  resetKey,
}: {
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
  return (
    <Upload
      listType="picture-card"
      accept={IMAGE_TYPES.join(',')}
      multiple
      fileList={files}
      data-testid="reply-images"
      beforeUpload={(file) => {
        if (!IMAGE_TYPES.includes(file.type)) {
          feedback.warning(t('webAdmin.reply.imageOnly', { name: file.name }));
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
      {files.length < MAX_REPLY_IMAGES && (
        <div>
          <PlusOutlined />
          <div style={{ marginTop: 4 }}>{t('webAdmin.reply.addImage')}</div>
        </div>
      )}
    </Upload>
  );
}
