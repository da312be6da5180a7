import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BaseInfoUpdate } from '@lintel/contracts';
import { Alert, Button, Card, Col, Flex, Row, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../shared/api/notify';
import { QrScanCard } from '../../shared/qr/qr-scan-card';
import { OAuthBindings } from '../../shared/oauth/oauth-bindings';
import { sessionKeys } from '../../shared/session/session-api';
import { useUserInfo } from '../../shared/session/use-session';
import { AvatarCropper } from './avatar-cropper';
import { BasicInfoCard } from './basic-info-card';
import { ChangePasswordForm } from '../../shared/account/change-password-form';
import { fetchBaseInfo, personalKeys, saveBaseInfo, uploadFile } from '../../shared/account/personal-api';
import { ProfileForm } from '../../shared/account/profile-form';
import { SignaturePad } from './signature-pad';

/**
 * The personal centre (SPEC 2): basic info with the avatar, the profile form, the password change
 * and the handwritten signature; beside them, confirming a QR sign-in on another device and the
 * third-party accounts linked to this one. Changes refresh the cached user info, so the header shows them.
 */
export default function UserCenterPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useUserInfo().data;
  const info = useQuery({ queryKey: personalKeys.baseInfo, queryFn: fetchBaseInfo });
  const [cropping, setCropping] = useState(false);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: personalKeys.baseInfo }),
      queryClient.invalidateQueries({ queryKey: sessionKeys.userInfo }),
    ]);
  const profile = useMutation({
    mutationFn: (values: BaseInfoUpdate) => saveBaseInfo(values),
    onSuccess: refresh,
  });
  const avatar = useMutation({
    mutationFn: (png: Blob) => uploadFile('uploadAvatar', png, 'avatar.png'),
    onSuccess: async () => {
      setCropping(false);
      notifier().success(t('personal.avatar.saved'));
      await refresh();
    },
  });
  const signature = useMutation({
    mutationFn: (png: Blob) => uploadFile('uploadSignature', png, 'signature.png'),
    onSuccess: refresh,
  });

  if (info.isPending)
    return (
      <Card>
        <Skeleton active avatar paragraph={{ rows: 8 }} />
      </Card>
    );
  if (info.isError || !info.data)
    return (
      <Alert
        type="error"
        showIcon
        title={t('personal.loadFailed')}
        action={<Button onClick={() => void info.refetch()}>{t('personal.retry')}</Button>}
      />
    );

  return (
    <Row gutter={[16, 16]} data-testid="user-center">
      <Col xs={24} lg={8}>
        <BasicInfoCard info={info.data} onChangeAvatar={() => setCropping(true)} />
        <Flex vertical gap={16} style={{ marginTop: 16 }}>
          <QrScanCard />
          <Card size="small" title={t('oauth.bindings.title')}>
            <OAuthBindings />
          </Card>
        </Flex>
      </Col>
      <Col xs={24} lg={16}>
        <Card>
          <Tabs
            items={[
              {
                key: 'profile',
                label: t('personal.tab.profile'),
                children: (
                  <ProfileForm key={info.dataUpdatedAt} info={info.data} onSave={profile.mutateAsync} />
                ),
              },
              {
                key: 'password',
                label: t('personal.tab.password'),
                children: <ChangePasswordForm tenantId={user?.tenantId ?? info.data.tenantId} />,
              },
              {
                key: 'signature',
                label: t('personal.tab.signature'),
                children: <SignaturePad saved={info.data.signature} onSave={signature.mutateAsync} />,
              },
            ]}
          />
        </Card>
      </Col>
      <AvatarCropper open={cropping} onCancel={() => setCropping(false)} onSave={avatar.mutateAsync} />
    </Row>
  );
}
