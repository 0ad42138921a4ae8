import { Button } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { t } from '../locales';

interface State {
  error: Error | null;
}

/** A page chunk that fails to load (or a page that throws) is reported here, with a retry. */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('page failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    // Plain markup: antd's Result carries large illustrations and this boundary is on every page.
    return (
      <div role="alert" style={{ padding: 48, textAlign: 'center' }}>
        <h3>{t('app.chunkError')}</h3>
        <p style={{ color: 'rgba(0,0,0,0.45)' }}>{this.state.error.message}</p>
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('tabs.refresh')}
        </Button>
      </div>
    );
  }
}
