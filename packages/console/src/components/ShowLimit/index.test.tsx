import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImagePreview } from '../ImagePreview';
import { ResultToast } from '../ResultToast';
import { viewModalBodyHeight } from '../ViewModal';
import { limitText, ShowLimit } from './index';

describe('small shared components', () => {
  it('show-limit counts the current length over the maximum', () => {
    expect(limitText('abc', 255)).toBe('3/255');
    expect(limitText(null, 16)).toBe('0/16');
    render(<ShowLimit value="12345678" max={8} />);
    expect(screen.getByTestId('show-limit').textContent).toBe('8/8');
  });
  it('view modal body leaves room for header 52, footer 53 and margins 80', () => {
    expect(viewModalBodyHeight(900)).toBe(900 - 52 - 53 - 80);
    expect(viewModalBodyHeight(900, false)).toBe(900 - 52 - 80);
  });
  it('image preview lays images out in 3 columns', () => {
    render(<ImagePreview images={['/a.png', '/b.png']} />);
    expect(screen.getByTestId('image-preview').style.gridTemplateColumns).toBe('repeat(3, 1fr)');
    expect(screen.getAllByRole('img')).toHaveLength(2);
  });
  it('result toast shows its status, title and subtitle', () => {
    const { container } = render(<ResultToast status="warning" title="已提交" subTitle="等待审核" />);
    expect(container.querySelector('.ant-result-warning')).not.toBeNull();
    expect(screen.getByText('已提交')).not.toBeNull();
    expect(screen.getByText('等待审核')).not.toBeNull();
  });
});
