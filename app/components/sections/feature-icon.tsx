// The lucide icon named by a feature's `icon` in content/features.yaml. The map is typed over the
// schema's icon list, so an icon added there without a component here fails the type check.
import {
  BookUser,
  Calculator,
  ClipboardCheck,
  ClipboardList,
  FileSearch,
  FileText,
  Fuel,
  IdCard,
  LayoutDashboard,
  LifeBuoy,
  ListTodo,
  type LucideIcon,
  MapPinned,
  MessagesSquare,
  SearchCheck,
  Settings,
  ShieldAlert,
  Truck,
  UserPlus,
} from 'lucide-react';
import type { FeatureIcon as FeatureIconName } from '../../../content/features.schema.ts';

const ICONS: Record<FeatureIconName, LucideIcon> = {
  LayoutDashboard,
  ClipboardList,
  IdCard,
  Truck,
  Fuel,
  Calculator,
  BookUser,
  ShieldAlert,
  MapPinned,
  UserPlus,
  Settings,
  FileText,
  ListTodo,
  ClipboardCheck,
  SearchCheck,
  MessagesSquare,
  FileSearch,
  LifeBuoy,
};

/** Decorative: the feature's name always sits beside it. */
export function FeatureIcon({ name, className }: { name: FeatureIconName; className?: string }) {
  const Icon = ICONS[name];
  return <Icon aria-hidden="true" focusable="false" className={className} />;
}
