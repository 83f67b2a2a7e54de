declare module 'react-signature-canvas' {
  import type { Component, CanvasHTMLAttributes } from 'react';

  export interface SignatureCanvasProps {
    canvasProps?: CanvasHTMLAttributes<HTMLCanvasElement>;
    penColor?: string;
    backgroundColor?: string;
    onEnd?: () => void;
    clearOnResize?: boolean;
  }

  export default class SignatureCanvas extends Component<SignatureCanvasProps> {
    clear(): void;
    isEmpty(): boolean;
    toDataURL(type?: string, encoderOptions?: number): string;
    getCanvas(): HTMLCanvasElement;
  }
}
