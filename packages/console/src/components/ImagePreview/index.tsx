import { Image } from 'antd';
import { IMAGE_PREVIEW_COLUMNS } from '../../config';

/** Thumbnails in a grid (3 columns by default) that open a shared preview. */
export function ImagePreview({
  images,
  columns = IMAGE_PREVIEW_COLUMNS,
}: {
  images: readonly string[];
  columns?: number;
}) {
  return (
    <Image.PreviewGroup>
      <div
        data-testid="image-preview"
        style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, 1fr)`, gap: 8 }}
      >
        {images.map((src) => (
          <Image key={src} src={src} style={{ width: '100%', objectFit: 'cover' }} />
        ))}
      </div>
    </Image.PreviewGroup>
  );
}
