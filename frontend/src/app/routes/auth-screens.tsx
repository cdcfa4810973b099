export { SignInForm as SignInScreen } from '../../features/auth/components/sign-in-form';
export { RegisterForm as RegisterScreen } from '../../features/auth/components/register-form';
export { OtpVerification as OtpScreen } from '../../features/auth/components/otp-verification';
export { ForgotPassword as ForgotPasswordScreen } from '../../features/auth/components/forgot-password';
