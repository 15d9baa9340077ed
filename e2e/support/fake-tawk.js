// A stand-in for tawk.to's embed script: the Tawk_API calls the site makes, and a widget with a Minimize button.
;(() => {
  const api = window.Tawk_API || {}
  window.Tawk_API = api
  const widget = document.createElement('div')
  widget.dataset.testid = 'fake-tawk-widget'
  widget.style.cssText =
    'position:fixed;right:16px;bottom:16px;width:240px;height:160px;background:#fff;border:1px solid #999;z-index:99'
  const minimize = document.createElement('button')
  minimize.textContent = 'Minimize'
  minimize.addEventListener('click', () => api.onChatMinimized?.())
  widget.appendChild(minimize)
  document.body.appendChild(widget)
  api.showWidget = () => {
    widget.style.display = 'block'
  }
  api.hideWidget = () => {
    widget.style.display = 'none'
  }
  api.maximize = () => undefined
  api.setAttributes = (_attributes, callback) => callback?.()
  api.logout = (callback) => callback?.()
  // tawk.to shows its widget as soon as it loads; the site must hide it.
  api.showWidget()
  if (api.onLoad) api.onLoad()
})()
