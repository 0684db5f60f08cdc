import { useMemo } from 'react'
import { qrModules, qrQuietZone, qrSvgPath } from '../../../shared/qr/qr-code.ts'

/**
 * A QR code for a link, drawn as one SVG path with its quiet zone: sharp at any size, black on
 * white whatever the theme (a camera needs the contrast), and named for screen readers by `label`.
 */
export function QrCode({ text, label, describedBy, className }: { text: string; label: string; describedBy?: string; className?: string }) {
  const { side, path } = useMemo(() => {
    const modules = qrModules(text)
    return { side: modules.length + 2 * qrQuietZone, path: qrSvgPath(modules) }
  }, [text])
  return (
    <svg
      className={className}
      viewBox={`0 0 ${side} ${side}`}
      role="img"
      aria-label={label}
      aria-describedby={describedBy}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
