import logoUrl from '../../assets/logo.svg?inline';
import { COMMON_TEXTS } from '../../config/common-texts.ts';

type LogoProps = {
  size?: number;
  /** Empty when a visible product name stands next to the logo. */
  alt?: string;
  className?: string;
};

export function Logo({ size = 40, alt = COMMON_TEXTS.productName, className }: LogoProps) {
  return <img src={logoUrl} width={size} height={size} alt={alt} className={className} />;
}
