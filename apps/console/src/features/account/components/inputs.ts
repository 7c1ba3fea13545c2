// antd's `Input` export carries TextArea, Search, OTP and Group as properties, so importing it
// downloads them all. The public pages import the two inputs they use from their own modules.
export { default as Input } from 'antd/es/input/Input';
export { default as PasswordInput } from 'antd/es/input/Password';
