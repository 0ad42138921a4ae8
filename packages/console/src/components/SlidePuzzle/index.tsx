import { ReloadOutlined } from '@ant-design/icons';
import { Button, Modal, Spin } from 'antd';
import { type PointerEvent as ReactPointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../services/endpoint';

/** SPEC section 2: dialog 340 wide, puzzle 310x155, piece 42 (the server draws the images). */
export const PUZZLE_DIALOG_WIDTH = 340;
const WIDTH = 310;
const HEIGHT = 155;
const HANDLE = 40;

interface Challenge {
  captchaId: string;
  background: string;
  piece: string;
  pieceY: number;
  width: number;
  height: number;
}

export interface SlidePuzzleProps {
  open: boolean;
  /** The server accepted the position: a single-use pass token for one login or code request. */
  onSuccess(passToken: string): void;
  onFail?(): void;
  onCancel(): void;
}

type Status = 'idle' | 'checking' | 'success' | 'fail';

/** The slide puzzle: drag the piece into the hole; the server checks the position. */
export function SlidePuzzle({ open, onSuccess, onFail, onCancel }: SlidePuzzleProps) {
  const { t } = useTranslation();
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [x, setX] = useState(0);
  const [status, setStatus] = useState<Status>('idle');
  const drag = useRef<{ startX: number; startOffset: number } | null>(null);

  const load = useCallback(async () => {
    setChallenge(null);
    setLoadError(false);
    setX(0);
    setStatus('idle');
    try {
      const response = await callEndpoint((c) => c.auth.captcha);
      setChallenge(response.data);
    } catch {
      setLoadError(true);
    }
  }, []);

  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  const maxX = WIDTH - HANDLE;

  const verify = async (position: number) => {
    if (!challenge) return;
    setStatus('checking');
    try {
      const response = await callEndpoint(
        (c) => c.auth.captchaVerify,
        { body: { captchaId: challenge.captchaId, x: Math.round(position) } },
        { ignoreErrorMessage: true, ignoreCode: true },
      );
      setStatus('success');
      onSuccess(response.data.passToken);
    } catch {
      setStatus('fail');
      onFail?.();
      setTimeout(() => void load(), 600);
    }
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!challenge || status === 'checking' || status === 'success') return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startOffset: x };
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const next = drag.current.startOffset + event.clientX - drag.current.startX;
    setX(Math.min(Math.max(next, 0), maxX));
  };
  const onPointerUp = () => {
    if (!drag.current) return;
    drag.current = null;
    void verify(x);
  };

  const hint =
    status === 'success' ? t('puzzle.success') : status === 'fail' ? t('puzzle.fail') : t('puzzle.hint');

  return (
    <Modal
      open={open}
      title={t('puzzle.title')}
      width={PUZZLE_DIALOG_WIDTH}
      footer={null}
      maskClosable={false}
      keyboard={false}
      onCancel={onCancel}
      destroyOnHidden
      centered
    >
      <div data-testid="slide-puzzle" style={{ width: WIDTH, margin: '0 auto', userSelect: 'none' }}>
        <div
          style={{
            position: 'relative',
            width: WIDTH,
            height: HEIGHT,
            background: '#f0f0f0',
            borderRadius: 4,
          }}
        >
          {challenge ? (
            <>
              <img
                src={challenge.background}
                width={WIDTH}
                height={HEIGHT}
                alt=""
                draggable={false}
                data-testid="puzzle-background"
              />
              <img
                src={challenge.piece}
                alt=""
                draggable={false}
                data-testid="puzzle-piece"
                style={{ position: 'absolute', left: x, top: challenge.pieceY }}
              />
            </>
          ) : (
            <div style={{ display: 'grid', placeItems: 'center', height: '100%' }}>
              {loadError ? <span style={{ color: '#ff4d4f' }}>{t('puzzle.loadFailed')}</span> : <Spin />}
            </div>
          )}
          <Button
            size="small"
            type="text"
            icon={<ReloadOutlined />}
            aria-label={t('puzzle.refresh')}
            onClick={() => void load()}
            style={{ position: 'absolute', right: 4, top: 4, background: 'rgba(255,255,255,0.7)' }}
          />
        </div>
        <div
          style={{
            position: 'relative',
            marginTop: 12,
            height: HANDLE,
            background: status === 'fail' ? '#fff1f0' : status === 'success' ? '#f6ffed' : '#f5f5f5',
            border: '1px solid #d9d9d9',
            borderRadius: 4,
            textAlign: 'center',
            lineHeight: `${HANDLE - 2}px`,
            color: '#8c8c8c',
          }}
        >
          <span data-testid="puzzle-hint">{hint}</span>
          <div
            role="slider"
            tabIndex={0}
            aria-label={t('puzzle.hint')}
            aria-valuemin={0}
            aria-valuemax={maxX}
            aria-valuenow={Math.round(x)}
            data-testid="puzzle-handle"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            style={{
              position: 'absolute',
              left: x,
              top: -1,
              width: HANDLE,
              height: HANDLE,
              background: '#fff',
              border: '1px solid #d9d9d9',
              borderRadius: 4,
              cursor: 'grab',
              touchAction: 'none',
              boxShadow: '0 1px 3px rgba(0,0,0,0.2)',
            }}
          >
            →
          </div>
        </div>
      </div>
    </Modal>
  );
}
