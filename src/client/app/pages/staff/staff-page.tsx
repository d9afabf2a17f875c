import { CameraSettings } from '../../../features/cameras/camera-settings';
import { StaffInbox } from '../../../features/messages/staff-inbox';
import { StaffPage as ActivityLogging } from '../../../features/monitoring/staff-page';
import { useCurrentUser } from '../../../lib/use-current-user';

/**
 * /staff composes two features: logging classroom activities (monitoring) and the families'
 * messages (messages). Composed here because features never import each other.
 */
export function StaffPage() {
  const { user } = useCurrentUser();
  const isStaff = user?.role === 'staff' || user?.role === 'admin';
  return (
    <>
      <ActivityLogging />
      {user && isStaff && <StaffInbox userId={user.id} />}
      {user && isStaff && <CameraSettings />}
    </>
  );
}
