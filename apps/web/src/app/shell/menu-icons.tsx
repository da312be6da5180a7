import {
  ApiOutlined,
  AppstoreOutlined,
  BellOutlined,
  BookOutlined,
  ClusterOutlined,
  CodeOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileOutlined,
  FormOutlined,
  HomeOutlined,
  IdcardOutlined,
  LinkOutlined,
  MenuOutlined,
  MessageOutlined,
  MonitorOutlined,
  PrinterOutlined,
  ProfileOutlined,
  RobotOutlined,
  ScheduleOutlined,
  SafetyOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * Menu icons by antd icon name, as the menu table stores them. A fixed map rather than the whole icon
 * package keeps the shell chunk small; an unknown name falls back to a generic icon.
 */
const ICONS: Record<string, ComponentType> = {
  ApiOutlined,
  AppstoreOutlined,
  BellOutlined,
  BookOutlined,
  ClusterOutlined,
  CodeOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileOutlined,
  FormOutlined,
  HomeOutlined,
  IdcardOutlined,
  LinkOutlined,
  MenuOutlined,
  MessageOutlined,
  MonitorOutlined,
  PrinterOutlined,
  ProfileOutlined,
  RobotOutlined,
  ScheduleOutlined,
  SafetyOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
};

export function MenuIcon({ name }: { name: string | null }) {
  const Icon = (name && ICONS[name]) || AppstoreOutlined;
  return <Icon />;
}
