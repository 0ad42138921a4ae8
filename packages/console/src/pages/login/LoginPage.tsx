import { Button, Card, Form, Input, Typography } from 'antd';

/** Account login form; the full login flows (codes, puzzle, first login) arrive with the shell. */
export function LoginPage() {
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f0f2f5' }}>
      <Card style={{ width: 380 }} data-testid="login-card">
        <Typography.Title level={3}>Trialab</Typography.Title>
        <Form layout="vertical" name="login">
          <Form.Item label="账号" name="account">
            <Input autoComplete="username" placeholder="手机号 / 邮箱" />
          </Form.Item>
          <Form.Item label="密码" name="password">
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block>
            登录
          </Button>
        </Form>
      </Card>
    </div>
  );
}
