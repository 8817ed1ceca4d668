export { signatureHeaders, type SignedMessage } from './sign.ts';
export {
  verifySignature,
  verifyHmacSha256,
  verifyStandardWebhooks,
  type SignatureConfig,
  type SignedRequest,
  type Verification,
} from './verify.ts';
