import { ComingSoon } from '../components/coming-soon';

// Routes from the spec whose screens are built in a later step.
export const ShadowTeachersPage = () => <ComingSoon title="Shadow Teachers" />;
export const ProfilePage = () => <ComingSoon title="Profile" />;
